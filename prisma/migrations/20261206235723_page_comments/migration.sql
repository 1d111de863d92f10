-- CreateTable
CREATE TABLE "posts" (
    "id" UUID NOT NULL,
    "page_id" UUID NOT NULL,
    "channel" "Channel" NOT NULL,
    "external_id" TEXT NOT NULL,
    "text" TEXT,
    "picture_url" TEXT,
    "permalink" TEXT,
    "last_comment_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "posts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "comments" (
    "id" UUID NOT NULL,
    "page_id" UUID NOT NULL,
    "post_id" UUID NOT NULL,
    "channel" "Channel" NOT NULL,
    "external_id" TEXT NOT NULL,
    "parent_external_id" TEXT,
    "author_id" TEXT NOT NULL,
    "author_name" TEXT NOT NULL,
    "from_page" BOOLEAN NOT NULL DEFAULT false,
    "text" TEXT NOT NULL DEFAULT '',
    "created_time" TIMESTAMPTZ(3) NOT NULL,
    "edited_at" TIMESTAMPTZ(3),
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "removed_at" TIMESTAMPTZ(3),
    "liked_at" TIMESTAMPTZ(3),
    "private_reply_at" TIMESTAMPTZ(3),
    "private_reply_conversation_id" UUID,
    "answered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "comments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "posts_page_id_last_comment_at_id_idx" ON "posts"("page_id", "last_comment_at" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "posts_page_id_external_id_key" ON "posts"("page_id", "external_id");

-- CreateIndex
CREATE INDEX "comments_post_id_created_time_id_idx" ON "comments"("post_id", "created_time", "id");

-- CreateIndex
CREATE UNIQUE INDEX "comments_page_id_external_id_key" ON "comments"("page_id", "external_id");

-- AddForeignKey
ALTER TABLE "posts" ADD CONSTRAINT "posts_page_id_fkey" FOREIGN KEY ("page_id") REFERENCES "pages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comments" ADD CONSTRAINT "comments_page_id_fkey" FOREIGN KEY ("page_id") REFERENCES "pages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comments" ADD CONSTRAINT "comments_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
