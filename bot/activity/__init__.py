"""The Activity: the table of a channel as a web page inside Discord (the Embedded App SDK), beside the messages.

- `identity`: who is at the other end (Discord's OAuth2 code exchange, `users/@me`, the Activity instance).
- `views/`: what one person sees of a table, as JSON (their own hand only), one module per game.
- `actions`: a person's move, through the same service, lock, save and public updates as a button click.
- `hub`: one WebSocket per person; each saved change of a table is pushed to the people watching it.
- `server`: the web server (aiohttp): the built page, its texts, card faces, the session and the WebSocket.
"""
