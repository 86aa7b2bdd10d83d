CREATE TABLE "file_chunk" (
	"file_path" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_chunk_file_path_seq_pk" PRIMARY KEY("file_path","seq")
);
