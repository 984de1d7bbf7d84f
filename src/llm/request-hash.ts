import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted at every depth, so two requests that differ only in
 * key order (e.g. a JSON schema built in a different order) hash the same.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

export interface HashableRequest {
  model: string;
  purpose: string;
  messages: ReadonlyArray<{ role: string; content: string }>;
  schemaName: string;
  jsonSchema: unknown;
  maxTokens?: number | null;
}

/**
 * The cache key of a logical request: everything that can change the model's answer and
 * nothing that cannot (no API key, no base URL, no timestamps), so a rerun anywhere replays.
 */
export function requestHash(req: HashableRequest): string {
  const canonical = canonicalJson({
    v: 1,
    model: req.model,
    purpose: req.purpose,
    messages: req.messages.map((m) => ({ role: m.role, content: m.content })),
    schemaName: req.schemaName,
    jsonSchema: req.jsonSchema,
    maxTokens: req.maxTokens ?? null,
  });
  return createHash('sha256').update(canonical).digest('hex');
}
