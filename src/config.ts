import { z } from 'zod';

/**
 * Every setting comes from the environment and is validated once, here, so a
 * typo in a variable fails at start-up with the variable's name instead of
 * deep inside a job.
 */
const envSchema = z.object({
  DATABASE_URL: z.string().url().optional(),
  DOCINTEL_DATA_DIR: z.string().default('.docintel'),
  REDIS_URL: z.string().url().optional(),
  DOCINTEL_QUEUE_PREFIX: z.string().min(1).default('docintel'),
  DOCINTEL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  DOCINTEL_PAGE_CAP: z.coerce.number().int().min(1).default(2000),
  /** Unset: `warn` for human lines, `info` for JSON (see log.ts). */
  DOCINTEL_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** Unset: JSON lines from `docintel worker`, short human lines from every other command. */
  DOCINTEL_LOG_FORMAT: z.enum(['json', 'human']).optional(),
  DOCINTEL_JOB_LOCK_MS: z.coerce.number().int().min(500).default(30_000),
  DOCINTEL_STALLED_INTERVAL_MS: z.coerce.number().int().min(500).default(30_000),
  /**
   * A document in queued/parsing whose owner has not touched it for this long, and whose job is
   * gone, is taken back by the next ingest/worker start (re-queued, or failed with a reason).
   * In-process runs touch the documents they hold every quarter of it.
   */
  DOCINTEL_RECOVER_AFTER_MS: z.coerce.number().int().min(1000).default(60_000),
  DOCINTEL_PARSE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(300_000),
  /** A parser thread is replaced after this many documents, so whatever pdf.js keeps cannot pile up. */
  DOCINTEL_PARSE_THREAD_DOCS: z.coerce.number().int().min(1).default(25),
  /** V8 heap limit of a parser thread (MiB): bounds memory; a document that needs more is parsed again without it. */
  DOCINTEL_PARSE_THREAD_HEAP_MB: z.coerce.number().int().min(32).default(160),
  /** V8 young-generation limit of a parser thread (MiB): smaller semi-spaces, less RSS per thread. */
  DOCINTEL_PARSE_THREAD_YOUNG_MB: z.coerce.number().int().min(1).default(8),
  /** Parser threads per process (unset: one per concurrent job, at most the cores less one; see defaultParseThreads). */
  DOCINTEL_PARSE_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  /** `docintel sql`: statement timeout and the most rows it prints. */
  DOCINTEL_SQL_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
  DOCINTEL_SQL_ROW_CAP: z.coerce.number().int().min(1).default(10_000),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  DOCINTEL_MODEL: z.string().default('gpt-4o-mini'),
  DOCINTEL_MODEL_ROUTE: z.string().optional(),
  DOCINTEL_MODEL_EXTRACT: z.string().optional(),
  DOCINTEL_MODEL_ANSWER: z.string().optional(),
  DOCINTEL_MODEL_CLASSIFY: z.string().optional(),
  DOCINTEL_MODEL_MERGE: z.string().optional(),
  DOCINTEL_LLM_BACKOFF_MS: z.coerce.number().int().min(0).default(500),
  DOCINTEL_LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  DOCINTEL_LLM_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  DOCINTEL_LLM_RPM: z.coerce.number().int().min(1).default(600),
  DOCINTEL_LLM_CACHE: z.enum(['on', 'off']).default('on'),
  DOCINTEL_SECTION_MAX_LINES: z.coerce.number().int().min(10).default(400),
  DOCINTEL_LIST_MAX_ITERATIONS: z.coerce.number().int().min(1).max(20).default(4),
});

export type Config = z.infer<typeof envSchema> & { llmEnabled: boolean };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings in the environment mean "unset" (common in .env files and CI).
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`invalid configuration: ${issues}`);
  }
  const c = parsed.data;
  return { ...c, llmEnabled: Boolean(c.OPENAI_API_KEY || c.OPENAI_BASE_URL) };
}
