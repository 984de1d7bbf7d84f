export { Llm, LLM_PURPOSES, type LlmCallContext, type LlmPurpose, type StructuredRequest, type StructuredResult, type LlmSettings, type FromConfigOptions } from './llm-client.ts';
export { RateLimiter, sharedRateLimiter } from './rate-limiter.ts';
export { requestHash, canonicalJson } from './request-hash.ts';
export { estimateTokens } from './token-count.ts';
export { DEFAULT_BACKOFF, type BackoffOptions } from './retry.ts';
