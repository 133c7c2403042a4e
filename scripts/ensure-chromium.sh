#!/usr/bin/env bash
# Browser tests use Debian's chromium (never a downloaded browser). Install it when we can.
[ -x /usr/bin/chromium ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null && apt-get install -y -qq chromium >/dev/null && exit 0
fi
exit 1
