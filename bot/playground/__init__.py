"""The playground: the real bot against the local Discord (`bot.emulator`), played in a browser page.

`make run` without a token (or `make playground`) starts it: a world with a server, two channels and four users,
the unmodified bot pointed at it, and a page served by the same local server (loopback only).
"""
