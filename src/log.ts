import { destination, pino, type Logger } from 'pino';

/**
 * Structured JSON logs on stderr (stdout is for command output). Secrets are redacted by
 * path so an API key inside a config or request object never reaches a log line.
 */
export function createLogger(level: string = process.env.DOCINTEL_LOG_LEVEL ?? 'info'): Logger {
  return pino(
    {
      level,
      base: { app: 'docintel', pid: process.pid },
      redact: {
        paths: ['OPENAI_API_KEY', '*.OPENAI_API_KEY', 'apiKey', '*.apiKey', 'headers.authorization', '*.headers.authorization', 'DATABASE_URL', '*.DATABASE_URL'],
        censor: '[redacted]',
      },
    },
    destination(2),
  );
}

export type { Logger };
