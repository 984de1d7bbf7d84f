import type { Db } from '../db/client.ts';
import type { Understanding } from '../question/understand.ts';
import type { LineRow } from '../db/rows.ts';
import type { Llm } from '../llm/index.ts';
import type { RoutedSection } from '../route/route-toc.ts';
import type { Tracer } from '../trace/tracer.ts';

export interface CandidateCitation {
  pageNum: number;
  lineNum: number;
  quote: string;
  lineId?: number;
}

export interface Candidate {
  name: string;
  surfaceForms: string[];
  citations: CandidateCitation[];
  confidence?: number;
  code?: string | null;
}

/** What every listing strategy returns: same shape, so the dispatcher can fall back freely. */
export interface StrategyResult {
  strategy: 'structure' | 'pattern' | 'semantic';
  variant: string; // e.g. 'toc-children', 'enumeration', 'regex', 'llm-loop', 'deterministic-extract'
  items: Candidate[];
  /** True only when the sweep is exhaustive by construction (all TOC children, every regex match). */
  exhaustive: boolean;
  /**
   * False when nothing ties the items to the question beyond proximity (an enumeration not
   * introduced as the answer, a deterministic extract): such a list may not claim completeness
   * from a matching count.
   */
  relevant?: boolean;
  detail: Record<string, unknown>;
  tokens: number;
  llmCalls: number;
}

export interface StrategyContext {
  db: Db;
  documentId: number;
  pageCount: number;
  question: string;
  u: Understanding;
  routed: RoutedSection;
  regionLines: LineRow[];
  tracer: Tracer;
  llm: Llm | null;
  runId: string;
  questionId: number;
  maxIterations: number;
  /** The count the question or the document states, once known. */
  expectedCount?: number | null;
  /** Where the document states the count; `opensList` when its sentence ends with a colon. */
  cueAt?: { pageNum: number; lineNum: number; opensList?: boolean } | null;
  /** The question's scope opens codes of the identifier index ("MAP" of "MAP 1.1"). */
  scopeIsPrefix?: boolean;
  /** The list the routed section consists of, when the question's intent was read from it. */
  sectionList?: number | null;
}

export function cite(l: LineRow, quote?: string): CandidateCitation {
  return { pageNum: l.pageNum, lineNum: l.lineNum, quote: quote ?? l.text, lineId: l.id };
}
