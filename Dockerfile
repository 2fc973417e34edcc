# The bot's image, for compose.yaml (docker compose up --build) or `docker run --env-file .env <image>`.
# The Activity's page (web/activity) is built with Node.js in a stage of its own; the image keeps only its files.
FROM node:20-slim AS activity
WORKDIR /web/activity
COPY web/activity/package.json web/activity/package-lock.json ./
RUN npm ci --no-audit --no-fund --loglevel=error
COPY web/activity/ ./
RUN node build.mjs

FROM python:3.11-slim

WORKDIR /app
# The dependencies first, read from pyproject.toml and pinned by constraints.txt: a change to the code reuses this
# layer instead of installing them again.
COPY pyproject.toml constraints.txt ./
RUN python -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']))" \
        > requirements.txt \
    && pip install --no-cache-dir -c constraints.txt -r requirements.txt
# Then the bot itself.
COPY . .
COPY --from=activity /web/activity/dist web/activity/dist
RUN pip install --no-cache-dir --no-deps . \
    && useradd --create-home --uid 10001 thegame \
    && mkdir -p /app/data \
    && chown thegame:thegame /app/data
# data/ (SQLite's DATABASE_PATH by default) belongs to the user the bot runs as: mount a volume there to keep it.
USER thegame
# The bot handles SIGTERM itself, even as PID 1: it answers what is in flight, saves, closes, exits 0 within
# seconds (bot/process.py). compose.yaml also runs it under an init process (init: true).
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot", "--discord"]
