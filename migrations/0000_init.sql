-- pg_trgm backs the regex sweep index on lines.text (PGlite loads it as an extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "answer_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"answer_id" bigint NOT NULL,
	"ordinal" integer NOT NULL,
	"name" text NOT NULL,
	"surface_forms" text[] NOT NULL,
	"citations" jsonb NOT NULL,
	"confidence" real
);
--> statement-breakpoint
CREATE TABLE "answers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"question_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"text" text NOT NULL,
	"is_complete" boolean,
	"completeness_source" text,
	"strategy" text,
	"path" text NOT NULL,
	"item_count" integer,
	"tokens" integer DEFAULT 0 NOT NULL,
	"llm_calls" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"path" text NOT NULL,
	"file_name" text NOT NULL,
	"title" text,
	"page_count" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"error_code" text,
	"error" text,
	"toc_source" text,
	"parser_version" text,
	"byte_size" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"parsed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_id" bigint NOT NULL,
	"page_num" integer NOT NULL,
	"line_num" integer NOT NULL,
	"text" text NOT NULL,
	"x0" real NOT NULL,
	"y0" real NOT NULL,
	"x1" real NOT NULL,
	"y1" real NOT NULL,
	"font" text,
	"size" real NOT NULL,
	"bold" boolean DEFAULT false NOT NULL,
	"column" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "llm_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" text,
	"question_id" bigint,
	"purpose" text NOT NULL,
	"model" text NOT NULL,
	"request_hash" text NOT NULL,
	"request" jsonb NOT NULL,
	"response" jsonb,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"latency_ms" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"cached" boolean DEFAULT false NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"document_id" bigint NOT NULL,
	"page_num" integer NOT NULL,
	"label" text,
	"width" real NOT NULL,
	"height" real NOT NULL,
	"line_count" integer NOT NULL,
	"columns" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pipeline_trace" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" text NOT NULL,
	"question_id" bigint,
	"document_id" bigint,
	"seq" integer NOT NULL,
	"stage" text NOT NULL,
	"step" text NOT NULL,
	"iteration" integer,
	"strategy" text,
	"input" jsonb,
	"output" jsonb,
	"keywords_before" text[],
	"keywords_after" text[],
	"decision" text,
	"tokens" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" text NOT NULL,
	"document_id" bigint NOT NULL,
	"text" text NOT NULL,
	"external_id" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"understanding" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "toc_entries" (
	"document_id" bigint NOT NULL,
	"id" integer NOT NULL,
	"parent_id" integer,
	"level" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"title" text NOT NULL,
	"page_start" integer NOT NULL,
	"page_end" integer NOT NULL,
	"line_start" integer,
	"source" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"original_page" integer,
	"flags" text[] DEFAULT '{}'::text[] NOT NULL,
	"routable" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answer_items" ADD CONSTRAINT "answer_items_answer_id_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lines" ADD CONSTRAINT "lines_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llm_calls" ADD CONSTRAINT "llm_calls_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_trace" ADD CONSTRAINT "pipeline_trace_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_trace" ADD CONSTRAINT "pipeline_trace_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toc_entries" ADD CONSTRAINT "toc_entries_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_items_answer_idx" ON "answer_items" USING btree ("answer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "answers_question_key" ON "answers" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_sha256_key" ON "documents" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "documents_status_idx" ON "documents" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "lines_doc_page_line_key" ON "lines" USING btree ("document_id","page_num","line_num");--> statement-breakpoint
CREATE INDEX "lines_text_trgm_idx" ON "lines" USING gin ("text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lines_text_fts_idx" ON "lines" USING gin (to_tsvector('english', "text"));--> statement-breakpoint
CREATE INDEX "llm_calls_hash_idx" ON "llm_calls" USING btree ("request_hash");--> statement-breakpoint
CREATE INDEX "llm_calls_question_idx" ON "llm_calls" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_pk" ON "pages" USING btree ("document_id","page_num");--> statement-breakpoint
CREATE INDEX "pipeline_trace_question_idx" ON "pipeline_trace" USING btree ("question_id","seq");--> statement-breakpoint
CREATE INDEX "pipeline_trace_document_idx" ON "pipeline_trace" USING btree ("document_id","seq");--> statement-breakpoint
CREATE INDEX "questions_document_idx" ON "questions" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "questions_run_idx" ON "questions" USING btree ("run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "toc_entries_pk" ON "toc_entries" USING btree ("document_id","id");--> statement-breakpoint
CREATE INDEX "toc_entries_parent_idx" ON "toc_entries" USING btree ("document_id","parent_id");