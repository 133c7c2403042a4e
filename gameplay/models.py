# Online matches (engine-backed, over websockets) come in a later issue; the engines live in
# gameplay/engine/<game>/ as pure Python.
