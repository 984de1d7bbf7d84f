import { destination, pino, type DestinationStream, type Logger } from 'pino';

/**
 * `json`: one JSON object a line on stderr, for `docintel worker` and log collectors.
 * `human`: short `docintel: warn: ...` lines on stderr, for a person at a terminal; they clear
 * the progress bar's line first, so a message never lands inside a bar.
 */
export type LogFormat = 'json' | 'human';

/** Which level a format logs at unless DOCINTEL_LOG_LEVEL says otherwise: people see warnings, collectors see progress. */
export function defaultLevel(format: LogFormat): string {
  return format === 'json' ? 'info' : 'warn';
}

/** Fields every record has, or that say nothing to a person reading one line. */
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'app', 'msg', 'jobId']);
const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/** One JSON record as a line for a person: level, message, then its fields as key=value. */
export function humanLine(record: Record<string, unknown>): string {
  const level = LEVELS[Number(record.level)] ?? 'log';
  const fields = Object.entries(record)
    .filter(([k, v]) => !HIDDEN.has(k) && v !== undefined && v !== null)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  return `docintel: ${level}: ${String(record.msg ?? '')}${fields.length ? ` (${fields.join(', ')})` : ''}`;
}

/** A pino destination that turns each JSON record into a human line on stderr. */
function humanDestination(): DestinationStream {
  return {
    write(chunk: string) {
      for (const raw of chunk.split('\n')) {
        if (!raw) continue;
        let line = raw;
        try {
          line = humanLine(JSON.parse(raw) as Record<string, unknown>);
        } catch {
          /* not JSON: print as it is */
        }
        // On a terminal, erase the progress bar's line; the bar redraws itself below on its next tick.
        process.stderr.write(`${process.stderr.isTTY ? '\r\x1b[2K' : ''}${line}\n`);
      }
    },
  };
}

/**
 * Logs on stderr (stdout is for command output), in the given format. Secrets are redacted by
 * path so an API key inside a config or request object never reaches a log line.
 */
export function createLogger(level?: string, format: LogFormat = 'json'): Logger {
  return pino(
    {
      level: level ?? defaultLevel(format),
      base: { app: 'docintel', pid: process.pid },
      redact: {
        paths: ['OPENAI_API_KEY', '*.OPENAI_API_KEY', 'apiKey', '*.apiKey', 'headers.authorization', '*.headers.authorization', 'DATABASE_URL', '*.DATABASE_URL'],
        censor: '[redacted]',
      },
    },
    format === 'json' ? destination(2) : humanDestination(),
  );
}

export type { Logger };
