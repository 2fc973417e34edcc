# The bot's image, for compose.yaml.
FROM python:3.11-slim
WORKDIR /app
COPY . .
RUN pip install --no-cache-dir -c constraints.txt . && useradd --create-home thegame
USER thegame
CMD ["python", "-m", "bot", "--discord"]
