import { z } from 'zod';

export interface ModelSchema {
  /** JSON schema of what the model must produce (zod's *input* side: the reply is parsed by zod). */
  jsonSchema: Record<string, unknown>;
  /** OpenAI strict mode needs every property required and no extra keys at every level. */
  strict: boolean;
  /** Strict structured outputs only accept an object at the root. */
  objectRoot: boolean;
}

/**
 * Builds the JSON schema sent to the model. zod strips unknown keys anyway, so telling the
 * model `additionalProperties: false` everywhere costs nothing and is what strict mode wants.
 */
export function toModelSchema(schema: z.ZodType): ModelSchema {
  const raw = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete raw.$schema;
  const jsonSchema = closeObjects(raw) as Record<string, unknown>;
  return { jsonSchema, strict: isStrictCompatible(jsonSchema), objectRoot: jsonSchema.type === 'object' };
}

function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = closeObjects(v);
  if (out.type === 'object' && out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

function isStrictCompatible(node: unknown): boolean {
  if (Array.isArray(node)) return node.every(isStrictCompatible);
  if (!node || typeof node !== 'object') return true;
  const n = node as Record<string, unknown>;
  const isObject = n.type === 'object' || (Array.isArray(n.type) && n.type.includes('object'));
  if (isObject) {
    const props = Object.keys((n.properties as Record<string, unknown> | undefined) ?? {});
    const required = new Set((n.required as string[] | undefined) ?? []);
    if (n.additionalProperties !== false) return false;
    if (!props.every((p) => required.has(p))) return false;
  }
  return Object.values(n).every(isStrictCompatible);
}

/** OpenAI requires response_format names to match ^[a-zA-Z0-9_-]{1,64}$. */
export function safeSchemaName(name: string): string {
  const cleaned = name.replace(/[^a-zA-Z0-9_-]+/g, '_').slice(0, 64);
  return cleaned || 'reply';
}

export type JsonReply = { ok: true; json: unknown } | { ok: false; error: string };

/**
 * Parses a model reply as JSON. Models (local ones especially) wrap JSON in ```json fences
 * or add a sentence before it even when told not to; both are recoverable without a repair call.
 */
export function parseJsonReply(content: string): JsonReply {
  const text = content.trim();
  if (!text) return { ok: false, error: 'empty reply' };
  const candidates: string[] = [text];
  const fence = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(text);
  if (fence?.[1]) candidates.push(fence[1].trim());
  const start = text.search(/[[{]/);
  const end = Math.max(text.lastIndexOf('}'), text.lastIndexOf(']'));
  if (start >= 0 && end > start) candidates.push(text.slice(start, end + 1));
  let firstError = '';
  for (const c of candidates) {
    try {
      return { ok: true, json: JSON.parse(c) };
    } catch (e) {
      firstError ||= (e as Error).message;
    }
  }
  return { ok: false, error: `not valid JSON: ${firstError}` };
}

/** Validation errors as short lines the model can act on in the repair turn. */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.slice(0, 20).map((i) => {
    const at = i.path.length ? i.path.map(String).join('.') : '(root)';
    return `${at}: ${i.message}`;
  });
}
