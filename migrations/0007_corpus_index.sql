CREATE TABLE "corpus_answers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"corpus_question_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"text" text NOT NULL,
	"is_complete" boolean,
	"complete_documents" integer NOT NULL,
	"answered_documents" integer NOT NULL,
	"picked_documents" integer NOT NULL,
	"item_count" integer,
	"tokens" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corpus_index" (
	"document_id" bigint PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"sections" text[] NOT NULL,
	"top_terms" text[] NOT NULL,
	"distinctive_terms" text[] NOT NULL,
	"families" jsonb NOT NULL,
	"page_count" integer NOT NULL,
	"line_count" integer NOT NULL,
	"toc_entries" integer NOT NULL,
	"list_count" integer NOT NULL,
	"identifier_count" integer NOT NULL,
	"tsv" "tsvector" NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corpus_questions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" text NOT NULL,
	"text" text NOT NULL,
	"external_id" text,
	"scope" bigint[],
	"status" text DEFAULT 'routing' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "corpus_routes" (
	"corpus_question_id" bigint NOT NULL,
	"document_id" bigint NOT NULL,
	"rank" integer NOT NULL,
	"score" real NOT NULL,
	"picked" boolean NOT NULL,
	"reason" text NOT NULL,
	"question_id" bigint
);
--> statement-breakpoint
CREATE TABLE "corpus_toc" (
	"document_id" bigint NOT NULL,
	"entry_id" integer NOT NULL,
	"level" integer NOT NULL,
	"title" text NOT NULL,
	"page_start" integer NOT NULL,
	"page_end" integer NOT NULL,
	"tsv" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pipeline_trace" ADD COLUMN "corpus_question_id" bigint;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "corpus_question_id" bigint;--> statement-breakpoint
ALTER TABLE "corpus_answers" ADD CONSTRAINT "corpus_answers_corpus_question_id_corpus_questions_id_fk" FOREIGN KEY ("corpus_question_id") REFERENCES "public"."corpus_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corpus_index" ADD CONSTRAINT "corpus_index_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corpus_routes" ADD CONSTRAINT "corpus_routes_corpus_question_id_corpus_questions_id_fk" FOREIGN KEY ("corpus_question_id") REFERENCES "public"."corpus_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corpus_routes" ADD CONSTRAINT "corpus_routes_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corpus_routes" ADD CONSTRAINT "corpus_routes_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corpus_toc" ADD CONSTRAINT "corpus_toc_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "corpus_answers_question_key" ON "corpus_answers" USING btree ("corpus_question_id");--> statement-breakpoint
CREATE INDEX "corpus_index_tsv_idx" ON "corpus_index" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "corpus_questions_run_idx" ON "corpus_questions" USING btree ("run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "corpus_routes_pk" ON "corpus_routes" USING btree ("corpus_question_id","document_id");--> statement-breakpoint
CREATE INDEX "corpus_routes_question_idx" ON "corpus_routes" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "corpus_toc_pk" ON "corpus_toc" USING btree ("document_id","entry_id");--> statement-breakpoint
CREATE INDEX "corpus_toc_tsv_idx" ON "corpus_toc" USING gin ("tsv");--> statement-breakpoint
ALTER TABLE "pipeline_trace" ADD CONSTRAINT "pipeline_trace_corpus_question_id_corpus_questions_id_fk" FOREIGN KEY ("corpus_question_id") REFERENCES "public"."corpus_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_corpus_question_id_corpus_questions_id_fk" FOREIGN KEY ("corpus_question_id") REFERENCES "public"."corpus_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_corpus_idx" ON "questions" USING btree ("corpus_question_id");--> statement-breakpoint
-- A corpus answer's items with the document each comes from, beside the corpus verdict:
-- `docintel sql "select * from corpus_answer_items where corpus_question_id = 3"`.
CREATE VIEW "corpus_answer_items" AS
SELECT cq.id AS corpus_question_id, cq.run_id, cq.text AS question,
       ca.is_complete AS corpus_complete, ca.complete_documents, ca.picked_documents,
       r.rank AS document_rank, d.id AS document_id, d.file_name AS document,
       q.id AS question_id, a.is_complete AS document_complete, a.completeness_source,
       i.ordinal AS item_ordinal, i.name AS item, i.citations
FROM corpus_questions cq
JOIN corpus_routes r ON r.corpus_question_id = cq.id AND r.picked
JOIN documents d ON d.id = r.document_id
LEFT JOIN corpus_answers ca ON ca.corpus_question_id = cq.id
LEFT JOIN questions q ON q.id = r.question_id
LEFT JOIN answers a ON a.question_id = q.id
LEFT JOIN answer_items i ON i.answer_id = a.id;
