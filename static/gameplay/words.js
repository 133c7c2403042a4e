// The game's words for what the engine's payload names with short keys: phases and steps, decision
// kinds with their rule, areas, colors.  Shared by the live table and the replay page.

export const COLORS = ["Loyalty", "Honesty", "Laughter", "Magic", "Generosity", "Kindness"];

// Comprehensive Rules 3.8, 6xx: the phases of a turn and the engine's steps inside them.
const STEPS = {
  setup_problem: ["Setup", "Choose your Starting Problem (102.2)"],
  setup_mulligan: ["Setup", "Mulligan (102.4)"],
  game_go: ["Setup", "Starting the game"],
  turn: ["Ready Phase", "Ready Step (603)"],
  w_draw: ["Ready Phase", "start of the Draw Step (601.2a)"],
  draw: ["Ready Phase", "Draw Step (605)"],
  w_ready: ["Ready Phase", "end of the Draw Step (601.2)"],
  tp_start: ["Troublemaker Phase", "start (606)"],
  w_tp: ["Troublemaker Phase", "start (601.2)"],
  tm_uncover: ["Troublemaker Phase", "Uncover Step (607.2)"],
  w_uncovered: ["Troublemaker Phase", "end of the Uncover Step (601.2)"],
  tm_challenge: ["Troublemaker Phase", "Challenge Step (608)"],
  tp_end: ["Troublemaker Phase", "end"],
  w_tp_end: ["Troublemaker Phase", "end (601.2)"],
  main_start: ["Main Phase", "start (609.1)"],
  main: ["Main Phase", "actions (609)"],
  w_main_end: ["Main Phase", "end (601.2c)"],
  main_over: ["Main Phase", "end"],
  w_score: ["Score Phase", "start (610)"],
  score_go: ["Score Phase", "start (610)"],
  score: ["Score Phase", "Confront Step (611)"],
  confront: ["Score Phase", "Confront Step (611)"],
  faceoff_step: ["Score Phase", "Faceoff Step (612)"],
  w_solve: ["Score Phase", "end of the Faceoff Step (612)"],
  solve: ["Score Phase", "Solve Step (613)"],
  w_score_end: ["Score Phase", "end (601.2)"],
  end: ["End Phase", "(614)"],
  w_end: ["End Phase", "End of Turn Step (615)"],
  wrap: ["End Phase", "Wrap-up (616)"],
};

export function phaseOf(step) {
  return STEPS[step] || ["", step || ""];
}

// What each pending decision asks, in words; {card} is the card asking when there is one.
const DECISIONS = {
  starting_problem: "Choose your Starting Problem",
  mulligan: "Keep this opening hand, or mulligan (shuffle it away and draw six new cards)?",
  challenge: "Challenge a Troublemaker — or you are done challenging",
  send_home: "Choose a character to send home after the faceoff",
  discard_down: "Your hand is over the limit: choose a card to discard",
  retire_home: "Your home is over its limit: choose a character to retire",
  uniqueness: "Two copies of a Unique card: choose the one to keep (the other is discarded)",
  order: "Several triggered effects wait: choose the one that resolves first",
  vexing: "Vexing: choose a Troublemaker to use it on, or not",
  target: "Choose a target",
  may: "You may",
  look: "Put the card you looked at on the top or the bottom",
  choice: "Make a choice",
  confront_order: "Choose the Problem you confront first",
  uncover_order: "Choose the face-down Troublemaker to uncover next",
};

export function decisionTitle(kind) {
  return DECISIONS[kind] || `Decide: ${kind}`;
}

const WAITING = {
  starting_problem: "choose a Starting Problem",
  mulligan: "decide on a mulligan",
  challenge: "choose a Troublemaker to challenge",
  send_home: "send a character home",
  discard_down: "discard down to the hand limit",
  retire_home: "retire a character over the home limit",
  uniqueness: "keep one copy of a Unique card",
  order: "order triggered effects",
  vexing: "decide on Vexing",
  target: "choose a target",
  may: "decide on a \u201cmay\u201d effect",
  look: "put a looked-at card back",
  choice: "make a choice",
  confront_order: "choose which Problem to confront first",
  uncover_order: "choose which Troublemaker to uncover",
};

export function waitingWords(kind) {
  return WAITING[kind] || `decide (${kind})`;
}

export function optionWords(option, kind) {
  if (option === true) return kind === "mulligan" ? "Mulligan" : "Yes";
  if (option === false) return kind === "mulligan" ? "Keep this hand" : "No";
  if (option === "done") return "Done";
  if (option === "none") return "No target";
  if (option === "no") return "No";
  if (option === "top") return "On top";
  if (option === "bottom") return "On the bottom";
  return String(option);
}
