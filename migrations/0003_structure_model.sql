CREATE TABLE "list_items" (
	"document_id" bigint NOT NULL,
	"list_id" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"marker" text NOT NULL,
	"label" text NOT NULL,
	"text" text NOT NULL,
	"page_start" integer NOT NULL,
	"line_start" integer NOT NULL,
	"page_end" integer NOT NULL,
	"line_end" integer NOT NULL,
	"pages" integer[] NOT NULL,
	"line_nums" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lists" (
	"document_id" bigint NOT NULL,
	"id" integer NOT NULL,
	"parent_list" integer,
	"parent_item" integer,
	"depth" integer NOT NULL,
	"kind" text NOT NULL,
	"style" text NOT NULL,
	"section_id" integer,
	"heading" text,
	"intro" text,
	"intro_page" integer,
	"intro_line" integer,
	"item_count" integer NOT NULL,
	"sequential" boolean NOT NULL,
	"ended_by" text NOT NULL,
	"gap_after" boolean DEFAULT false NOT NULL,
	"page_start" integer NOT NULL,
	"page_end" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lines" ADD COLUMN "furniture" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "list_items" ADD CONSTRAINT "list_items_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lists" ADD CONSTRAINT "lists_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "list_items_pk" ON "list_items" USING btree ("document_id","list_id","ordinal");--> statement-breakpoint
CREATE UNIQUE INDEX "lists_pk" ON "lists" USING btree ("document_id","id");--> statement-breakpoint
CREATE INDEX "lists_section_idx" ON "lists" USING btree ("document_id","section_id");