CREATE TABLE "identifiers" (
	"document_id" bigint NOT NULL,
	"code" text NOT NULL,
	"family" text NOT NULL,
	"depth" integer NOT NULL,
	"parent_code" text,
	"title" text NOT NULL,
	"section_id" integer,
	"page_num" integer NOT NULL,
	"line_num" integer NOT NULL,
	"heading" text,
	"mentions" integer NOT NULL,
	"level_noun" text
);
--> statement-breakpoint
ALTER TABLE "identifiers" ADD CONSTRAINT "identifiers_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identifiers_code_idx" ON "identifiers" USING btree ("document_id","code");--> statement-breakpoint
CREATE INDEX "identifiers_parent_idx" ON "identifiers" USING btree ("document_id","parent_code");--> statement-breakpoint
-- Identifier families by level: how many codes each level defines, the noun the document uses
-- for it, and where it starts. `docintel sql "select * from identifier_levels where document_id = 9"`.
CREATE VIEW "identifier_levels" AS
SELECT document_id, family, depth, level_noun, count(*)::int AS codes,
       min(code) FILTER (WHERE page_num = first_page) AS first_code, min(page_num) AS first_page_num
FROM (SELECT i.*, min(page_num) OVER (PARTITION BY document_id, family, depth) AS first_page FROM identifiers i) x
GROUP BY document_id, family, depth, level_noun;
