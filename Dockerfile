# The bot's image, for compose.yaml.
# The Activity's page (web/activity) is built with Node.js in a stage of its own; the image keeps only its files.
FROM node:20-slim AS activity
WORKDIR /web/activity
COPY web/activity/package.json web/activity/package-lock.json ./
RUN npm ci --no-audit --no-fund --loglevel=error
COPY web/activity/ ./
RUN node build.mjs

FROM python:3.11-slim
WORKDIR /app
COPY . .
COPY --from=activity /web/activity/dist web/activity/dist
RUN pip install --no-cache-dir -c constraints.txt . && useradd --create-home thegame
USER thegame
CMD ["python", "-m", "bot", "--discord"]
