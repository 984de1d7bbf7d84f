-- Answers with their items and citations, one row per item (listing) or one row per answer (factual).
CREATE VIEW answer_citations AS
SELECT q.id AS question_id,
       q.run_id,
       d.file_name AS document,
       q.text AS question,
       a.kind,
       a.strategy,
       a.is_complete,
       a.completeness_source,
       a.item_count,
       a.path,
       a.tokens,
       i.ordinal AS item_ordinal,
       i.name AS item,
       i.surface_forms,
       i.citations,
       a.text AS answer_text
FROM answers a
JOIN questions q ON q.id = a.question_id
JOIN documents d ON d.id = q.document_id
LEFT JOIN answer_items i ON i.answer_id = a.id;
--> statement-breakpoint
-- Trace timeline of a question: every step in order with its decision and cost.
CREATE VIEW trace_timeline AS
SELECT t.question_id,
       t.document_id,
       t.run_id,
       t.seq,
       t.stage,
       t.step,
       t.iteration,
       t.strategy,
       t.decision,
       t.keywords_before,
       t.keywords_after,
       t.tokens,
       t.duration_ms,
       sum(t.tokens) OVER (PARTITION BY t.question_id, t.document_id, t.run_id ORDER BY t.seq) AS tokens_so_far,
       t.input,
       t.output,
       t.created_at
FROM pipeline_trace t;
