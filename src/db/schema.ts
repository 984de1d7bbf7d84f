import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** One PDF, identified by the sha256 of its bytes: re-ingesting the same bytes is a no-op. */
export const documents = pgTable(
  'documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sha256: text('sha256').notNull(),
    path: text('path').notNull(),
    fileName: text('file_name').notNull(),
    title: text('title'),
    pageCount: integer('page_count'),
    status: text('status', { enum: ['queued', 'parsing', 'parsed', 'failed'] }).notNull().default('queued'),
    errorCode: text('error_code'),
    error: text('error'),
    tocSource: text('toc_source', { enum: ['outline', 'contents_page', 'headings', 'none'] }),
    parserVersion: text('parser_version'),
    byteSize: bigint('byte_size', { mode: 'number' }),
    attempts: integer('attempts').notNull().default(0),
    /** Times a starting ingest/worker took the document back from a dead process or a lost job. */
    recoveries: integer('recoveries').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    parsedAt: timestamp('parsed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('documents_sha256_key').on(t.sha256), index('documents_status_idx').on(t.status)],
);

/** One row per physical page; `label` is the printed page number users quote. */
export const pages = pgTable(
  'pages',
  {
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    pageNum: integer('page_num').notNull(),
    label: text('label'),
    width: real('width').notNull(),
    height: real('height').notNull(),
    lineCount: integer('line_count').notNull(),
    columns: integer('columns').notNull().default(1),
  },
  (t) => [uniqueIndex('pages_pk').on(t.documentId, t.pageNum)],
);

/** line_df: every text line in reading order, with its geometry and typography. */
export const lines = pgTable(
  'lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    pageNum: integer('page_num').notNull(),
    lineNum: integer('line_num').notNull(),
    text: text('text').notNull(),
    x0: real('x0').notNull(),
    y0: real('y0').notNull(),
    x1: real('x1').notNull(),
    y1: real('y1').notNull(),
    font: text('font'),
    size: real('size').notNull(),
    bold: boolean('bold').notNull().default(false),
    leadIn: text('lead_in'),
    column: integer('column').notNull().default(0),
    /** Rotated margin text, running headers and footers, page numbers: never body text. */
    furniture: boolean('furniture').notNull().default(false),
  },
  (t) => [
    uniqueIndex('lines_doc_page_line_key').on(t.documentId, t.pageNum, t.lineNum),
    index('lines_text_trgm_idx').using('gin', sql`${t.text} gin_trgm_ops`),
    index('lines_text_fts_idx').using('gin', sql`to_tsvector('english', ${t.text})`),
  ],
);

/** toc_df: the routed table of contents, whatever its source. */
export const tocEntries = pgTable(
  'toc_entries',
  {
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    id: integer('id').notNull(),
    parentId: integer('parent_id'),
    level: integer('level').notNull(),
    ordinal: integer('ordinal').notNull(),
    title: text('title').notNull(),
    pageStart: integer('page_start').notNull(),
    pageEnd: integer('page_end').notNull(),
    lineStart: integer('line_start'),
    source: text('source', { enum: ['outline', 'repaired', 'contents_page', 'headings'] }).notNull(),
    verified: boolean('verified').notNull().default(false),
    originalPage: integer('original_page'),
    flags: text('flags').array().notNull().default(sql`'{}'::text[]`),
    routable: boolean('routable').notNull().default(true),
  },
  (t) => [uniqueIndex('toc_entries_pk').on(t.documentId, t.id), index('toc_entries_parent_idx').on(t.documentId, t.parentId)],
);

export const questions = pgTable(
  'questions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: text('run_id').notNull(),
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    externalId: text('external_id'),
    /** Set when the question is one document's part of a corpus question. */
    corpusQuestionId: bigint('corpus_question_id', { mode: 'number' }).references((): AnyPgColumn => corpusQuestions.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['queued', 'waiting', 'answering', 'answered', 'failed'] }).notNull().default('queued'),
    error: text('error'),
    understanding: jsonb('understanding'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [index('questions_document_idx').on(t.documentId), index('questions_run_idx').on(t.runId), index('questions_corpus_idx').on(t.corpusQuestionId)],
);

export const answers = pgTable(
  'answers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['listing', 'count', 'factual'] }).notNull(),
    payload: jsonb('payload').notNull(),
    text: text('text').notNull(),
    isComplete: boolean('is_complete'),
    completenessSource: text('completeness_source', { enum: ['structure', 'cardinality', 'llm', 'unknown'] }),
    strategy: text('strategy'),
    path: text('path', { enum: ['deterministic', 'llm', 'mixed'] }).notNull(),
    itemCount: integer('item_count'),
    tokens: integer('tokens').notNull().default(0),
    llmCalls: integer('llm_calls').notNull().default(0),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('answers_question_key').on(t.questionId)],
);

export const answerItems = pgTable(
  'answer_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    answerId: bigint('answer_id', { mode: 'number' })
      .notNull()
      .references(() => answers.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    name: text('name').notNull(),
    surfaceForms: text('surface_forms').array().notNull(),
    citations: jsonb('citations').notNull(),
    confidence: real('confidence'),
  },
  (t) => [index('answer_items_answer_idx').on(t.answerId)],
);

/** One row per pipeline step: the audit trail a human reads with `docintel trace`. */
export const pipelineTrace = pgTable(
  'pipeline_trace',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: text('run_id').notNull(),
    questionId: bigint('question_id', { mode: 'number' }).references(() => questions.id, { onDelete: 'cascade' }),
    documentId: bigint('document_id', { mode: 'number' }).references(() => documents.id, { onDelete: 'cascade' }),
    /** The document level of a corpus question (its rows have no question_id). */
    corpusQuestionId: bigint('corpus_question_id', { mode: 'number' }).references((): AnyPgColumn => corpusQuestions.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    stage: text('stage').notNull(),
    step: text('step').notNull(),
    iteration: integer('iteration'),
    strategy: text('strategy'),
    input: jsonb('input'),
    output: jsonb('output'),
    keywordsBefore: text('keywords_before').array(),
    keywordsAfter: text('keywords_after').array(),
    decision: text('decision'),
    tokens: integer('tokens').notNull().default(0),
    durationMs: integer('duration_ms').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pipeline_trace_question_idx').on(t.questionId, t.seq), index('pipeline_trace_document_idx').on(t.documentId, t.seq)],
);

export const llmCalls = pgTable(
  'llm_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: text('run_id'),
    questionId: bigint('question_id', { mode: 'number' }).references(() => questions.id, { onDelete: 'set null' }),
    purpose: text('purpose').notNull(),
    model: text('model').notNull(),
    requestHash: text('request_hash').notNull(),
    request: jsonb('request').notNull(),
    response: jsonb('response'),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    latencyMs: integer('latency_ms').notNull().default(0),
    attempts: integer('attempts').notNull().default(1),
    cached: boolean('cached').notNull().default(false),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('llm_calls_hash_idx').on(t.requestHash), index('llm_calls_question_idx').on(t.questionId)],
);

/**
 * Every enumeration of a document's body (structure model): its section, the sentence that
 * introduces it, marker kind and nesting. Built in the parse job's transaction.
 */
export const lists = pgTable(
  'lists',
  {
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    id: integer('id').notNull(),
    parentList: integer('parent_list'),
    parentItem: integer('parent_item'),
    depth: integer('depth').notNull(),
    kind: text('kind').notNull(),
    style: text('style').notNull(),
    sectionId: integer('section_id'),
    heading: text('heading'),
    intro: text('intro'),
    introPage: integer('intro_page'),
    introLine: integer('intro_line'),
    itemCount: integer('item_count').notNull(),
    sequential: boolean('sequential').notNull(),
    endedBy: text('ended_by').notNull(),
    gapAfter: boolean('gap_after').notNull().default(false),
    pageStart: integer('page_start').notNull(),
    pageEnd: integer('page_end').notNull(),
  },
  (t) => [uniqueIndex('lists_pk').on(t.documentId, t.id), index('lists_section_idx').on(t.documentId, t.sectionId)],
);

/**
 * The identifier index: one row per code a line opens with and titles ("3.7.1 Perform ..."),
 * its family (letters A, numbers 9), its level (segments) and parent code read from the code,
 * where it is defined, how often the document mentions it, and the noun the document writes
 * before codes of its level when it does so consistently.
 */
export const identifiers = pgTable(
  'identifiers',
  {
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    family: text('family').notNull(),
    depth: integer('depth').notNull(),
    parentCode: text('parent_code'),
    title: text('title').notNull(),
    sectionId: integer('section_id'),
    pageNum: integer('page_num').notNull(),
    lineNum: integer('line_num').notNull(),
    heading: text('heading'),
    mentions: integer('mentions').notNull(),
    levelNoun: text('level_noun'),
  },
  (t) => [index('identifiers_code_idx').on(t.documentId, t.code), index('identifiers_parent_idx').on(t.documentId, t.parentCode)],
);

/** One row per list item: its label (the name) and its whole text over all its lines. */
export const listItems = pgTable(
  'list_items',
  {
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    listId: integer('list_id').notNull(),
    ordinal: integer('ordinal').notNull(),
    marker: text('marker').notNull(),
    label: text('label').notNull(),
    text: text('text').notNull(),
    pageStart: integer('page_start').notNull(),
    lineStart: integer('line_start').notNull(),
    pageEnd: integer('page_end').notNull(),
    lineEnd: integer('line_end').notNull(),
    /** The item's lines as (page, line) pairs in reading order: pages[i], lines[i]. */
    pages: integer('pages').array().notNull(),
    lineNums: integer('line_nums').array().notNull(),
  },
  (t) => [uniqueIndex('list_items_pk').on(t.documentId, t.listId, t.ordinal)],
);

/** A Postgres tsvector (full-text vector); drizzle has no built-in type for it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The corpus index (the seeds' corpus_index): one row per parsed document, the top level of the
 * corpus map. Built in the parse job's transaction from the document's own rows and refreshable
 * (`docintel corpus refresh`). Routing a corpus question reads these rows only, never `lines`.
 */
export const corpusIndex = pgTable(
  'corpus_index',
  {
    documentId: bigint('document_id', { mode: 'number' })
      .primaryKey()
      .references(() => documents.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** One deterministic paragraph: title, top-level sections, distinctive terms, identifier families. */
    summary: text('summary').notNull(),
    sections: text('sections').array().notNull(),
    /** The document's most frequent body lexemes (Postgres english stems), most frequent first. */
    topTerms: text('top_terms').array().notNull(),
    /** Of those, the ones the rest of the indexed corpus uses least (tf x idf), at build time. */
    distinctiveTerms: text('distinctive_terms').array().notNull(),
    /** Identifier families it defines: [{family, depth, levelNoun, codes, example}]. */
    families: jsonb('families').notNull(),
    pageCount: integer('page_count').notNull(),
    lineCount: integer('line_count').notNull(),
    tocEntries: integer('toc_entries').notNull(),
    listCount: integer('list_count').notNull(),
    identifierCount: integer('identifier_count').notNull(),
    /** Weighted: A name (title, file name), B top-level sections, C every TOC title and level noun, D top terms. */
    tsv: tsvector('tsv').notNull(),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('corpus_index_tsv_idx').using('gin', t.tsv)],
);

/**
 * The corpus table of contents (the seeds' corpus_toc_df): level 0 is the document itself, level 1
 * its top-level TOC entries; below that each document's own `toc_entries` continue the map.
 */
export const corpusToc = pgTable(
  'corpus_toc',
  {
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** 0 for the document row; the toc_entries id otherwise. */
    entryId: integer('entry_id').notNull(),
    level: integer('level').notNull(),
    title: text('title').notNull(),
    pageStart: integer('page_start').notNull(),
    pageEnd: integer('page_end').notNull(),
    tsv: tsvector('tsv').notNull(),
  },
  (t) => [uniqueIndex('corpus_toc_pk').on(t.documentId, t.entryId), index('corpus_toc_tsv_idx').using('gin', t.tsv)],
);

/** A question asked of the corpus (no document named): routed to documents, then answered in each. */
export const corpusQuestions = pgTable(
  'corpus_questions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: text('run_id').notNull(),
    text: text('text').notNull(),
    externalId: text('external_id'),
    /** The documents it may be routed to; null: every document in the corpus index. */
    scope: bigint('scope', { mode: 'number' }).array(),
    status: text('status', { enum: ['routing', 'answering', 'answered', 'failed'] }).notNull().default('routing'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [index('corpus_questions_run_idx').on(t.runId)],
);

/** The document level of a corpus question: every document shown, picked or rejected, and why. */
export const corpusRoutes = pgTable(
  'corpus_routes',
  {
    corpusQuestionId: bigint('corpus_question_id', { mode: 'number' })
      .notNull()
      .references(() => corpusQuestions.id, { onDelete: 'cascade' }),
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
    score: real('score').notNull(),
    picked: boolean('picked').notNull(),
    reason: text('reason').notNull(),
    /** The per-document question answering it (picked documents only). */
    questionId: bigint('question_id', { mode: 'number' }).references(() => questions.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('corpus_routes_pk').on(t.corpusQuestionId, t.documentId), index('corpus_routes_question_idx').on(t.questionId)],
);

/** The combined answer of a corpus question: per-document answers live in `answers` as usual. */
export const corpusAnswers = pgTable(
  'corpus_answers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    corpusQuestionId: bigint('corpus_question_id', { mode: 'number' })
      .notNull()
      .references(() => corpusQuestions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['listing', 'count', 'factual'] }).notNull(),
    payload: jsonb('payload').notNull(),
    text: text('text').notNull(),
    /** True only when every picked document's answer is complete; false when one is known incomplete. */
    isComplete: boolean('is_complete'),
    completeDocuments: integer('complete_documents').notNull(),
    answeredDocuments: integer('answered_documents').notNull(),
    pickedDocuments: integer('picked_documents').notNull(),
    itemCount: integer('item_count'),
    tokens: integer('tokens').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('corpus_answers_question_key').on(t.corpusQuestionId)],
);
