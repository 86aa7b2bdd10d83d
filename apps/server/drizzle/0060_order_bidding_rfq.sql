-- Issue #13: an order's "in bidding" flow is a one-round RFQ (kind enquiry, enquiryType '3', lines with
-- sourceType '2' = the order and its line). The order keeps a link to its RFQ; purchase_order_bid stays as the
-- read-only history of the biddings made before, each (order, round) linked to the RFQ it was moved into.
-- Idempotent (IF NOT EXISTS, converts only bids without enquiry_id): order-bidding.test.ts runs its DO block again.
ALTER TABLE "purchase_order" ADD COLUMN IF NOT EXISTS "enquiry_id" uuid;--> statement-breakpoint
ALTER TABLE "purchase_order" ADD COLUMN IF NOT EXISTS "enquiry_number" text;--> statement-breakpoint
ALTER TABLE "purchase_order_bid" ADD COLUMN IF NOT EXISTS "enquiry_id" uuid;--> statement-breakpoint
-- Every (order, round) of purchase_order_bid becomes one RFQ: header (quote end time, remark, creator of the
-- round; status: awarded when a bid won, closed when none is in play, else quoting before the deadline with an
-- invitee still to quote, quoted otherwise), one line per active order line whose material is in the buyer's
-- master (by id, else by number), one invitation per line × bidder with its status, the bidder's quoted price
-- as the current quote, the supplier list rows, a 'create' audit row, and the deadline's timer when quoting.
-- An order still in bidding points at its RFQ. A round whose lines cannot all be matched to master materials
-- is not moved (its bids stay in the history); an order in bidding on such a round goes back to '0' with its
-- bids in play cancelled ('4') and an audit row saying why.
DO $$
DECLARE
  g record;
  it record;
  bid record;
  q jsonb;
  rfq uuid;
  eitem uuid;
  inv uuid;
  num text;
  seq integer;
  st text;
  line_no integer;
  missing integer;
  bidders jsonb;
BEGIN
  FOR g IN
    SELECT b."order_id", b."round", min(b."quote_end_time") AS quote_end_time, min(b."create_date") AS create_date,
      min(b."create_user") AS create_user, min(b."invite_remark") AS invite_remark,
      bool_or(b."bid_status" = '2') AS awarded, bool_or(b."bid_status" IN ('0', '1')) AS live,
      bool_or(b."bid_status" = '0') AS waiting,
      o."els_account", o."order_number", o."currency", o."exchange_rate", o."order_status",
      (SELECT max(x."round") FROM "purchase_order_bid" x WHERE x."order_id" = b."order_id") AS last_round
    FROM "purchase_order_bid" b JOIN "purchase_order" o ON o."id" = b."order_id"
    WHERE b."enquiry_id" IS NULL
    GROUP BY b."order_id", b."round", o."id"
    ORDER BY min(b."create_date")
  LOOP
    SELECT count(*) INTO missing FROM "purchase_order_item" i
    WHERE i."order_id" = g.order_id AND i."is_del" = 'N' AND i."is_close" = 'N'
      AND coalesce(i."material_id", (SELECT m."id" FROM "material" m
        WHERE m."els_account" = g.els_account AND m."material_number" = i."material_number")) IS NULL;
    IF missing > 0 OR NOT EXISTS (SELECT 1 FROM "purchase_order_item" i
        WHERE i."order_id" = g.order_id AND i."is_del" = 'N' AND i."is_close" = 'N') THEN
      IF g.order_status = '6' AND g.round = g.last_round AND g.live THEN
        UPDATE "purchase_order" SET "order_status" = '0', "version" = "version" + 1, "last_update_date" = now()
        WHERE "id" = g.order_id;
        UPDATE "purchase_order_bid" SET "bid_status" = '4', "version" = "version" + 1, "last_update_date" = now()
        WHERE "order_id" = g.order_id AND "round" = g.round AND "bid_status" IN ('0', '1');
        INSERT INTO "audit_trail" ("els_account", "document_kind", "document_id", "action", "from_status", "to_status", "remark", "create_user")
        VALUES (g.els_account, 'order', g.order_id, 'cancelBidding', '6', '0',
          '迁移 0060：订单行物料不在物料主数据中，竞价无法转为询价单 / Migration 0060: a line''s material is not in the material master, the bidding could not become an RFQ',
          'system');
      END IF;
      CONTINUE;
    END IF;
    st := CASE WHEN g.awarded THEN '3' WHEN NOT g.live THEN '4'
      WHEN g.quote_end_time > now() AND g.waiting THEN '1' ELSE '2' END;
    INSERT INTO "number_sequence" ("els_account", "prefix", "period", "last_value")
    VALUES (g.els_account, 'RFQ', to_char(g.create_date AT TIME ZONE 'UTC', 'YYYYMM'), 1)
    ON CONFLICT ("els_account", "prefix", "period") DO UPDATE SET "last_value" = "number_sequence"."last_value" + 1
    RETURNING "last_value" INTO seq;
    num := 'RFQ' || to_char(g.create_date AT TIME ZONE 'UTC', 'YYYYMM')
      || CASE WHEN seq < 10000 THEN lpad(seq::text, 4, '0') ELSE seq::text END;
    SELECT coalesce(jsonb_agg(x."to_els_account" ORDER BY x."supplier_name", x."to_els_account"), '[]'::jsonb) INTO bidders
    FROM "purchase_order_bid" x WHERE x."order_id" = g.order_id AND x."round" = g.round;
    INSERT INTO "enquiry" ("els_account", "to_els_account", "create_user", "last_update_user", "create_date",
      "enquiry_number", "enquiry_desc", "enquiry_status", "audit_status", "buyer_name", "enquiry_date",
      "enquiry_type", "quote_end_time", "open_on_all_quoted", "currency", "exchange_rate", "tax_rate",
      "price_valid_date", "publish_time", "remark")
    VALUES (g.els_account, g.els_account, g.create_user, g.create_user, g.create_date, num,
      left('采购订单 ' || g.order_number || ' 竞价 / Bidding on purchase order ' || g.order_number, 200), st, '2',
      coalesce((SELECT c."company_name" FROM "company" c WHERE c."els_account" = g.els_account), g.els_account),
      (g.create_date AT TIME ZONE 'UTC')::date, '3', g.quote_end_time, '1', g.currency, g.exchange_rate,
      coalesce((SELECT i."tax_rate" FROM "purchase_order_item" i WHERE i."order_id" = g.order_id AND i."is_del" = 'N'
        ORDER BY i."item_number" LIMIT 1), 13),
      ((g.quote_end_time AT TIME ZONE 'UTC') + interval '1 year')::date, g.create_date, g.invite_remark)
    RETURNING "id" INTO rfq;
    line_no := 0;
    FOR it IN
      SELECT i.*, coalesce(i."material_id", (SELECT m."id" FROM "material" m
        WHERE m."els_account" = g.els_account AND m."material_number" = i."material_number")) AS mat
      FROM "purchase_order_item" i
      WHERE i."order_id" = g.order_id AND i."is_del" = 'N' AND i."is_close" = 'N'
      ORDER BY i."item_number"
    LOOP
      line_no := line_no + 10;
      INSERT INTO "enquiry_item" ("els_account", "to_els_account", "line_number", "document_id", "material_id",
        "material_number", "material_desc", "unit", "quantity", "delivery_date", "supplier_count",
        "invited_suppliers", "source_type", "source_number", "source_item_number")
      VALUES (g.els_account, g.els_account, line_no, rfq, it.mat, it."material_number", it."material_desc", it."unit",
        it."quantity", it."delivery_date", jsonb_array_length(bidders), bidders, '2', g.order_number,
        it."item_number"::text)
      RETURNING "id" INTO eitem;
      FOR bid IN SELECT * FROM "purchase_order_bid" x WHERE x."order_id" = g.order_id AND x."round" = g.round LOOP
        SELECT e INTO q FROM jsonb_array_elements(bid."quotes") e WHERE e->>'itemId' = it."id"::text LIMIT 1;
        INSERT INTO "enquiry_supplier" ("enquiry_id", "item_id", "els_account", "to_els_account", "supplier_name",
          "quote_status", "quota", "last_update_date")
        VALUES (rfq, eitem, g.els_account, bid."to_els_account", bid."supplier_name",
          CASE bid."bid_status" WHEN '1' THEN '2' WHEN '2' THEN '5' WHEN '3' THEN '6'
            ELSE CASE WHEN q IS NULL THEN '0' ELSE '2' END END,
          CASE WHEN bid."bid_status" = '2' THEN 100 END, bid."last_update_date")
        RETURNING "id" INTO inv;
        IF q IS NOT NULL THEN
          INSERT INTO "enquiry_quote" ("invitation_id", "enquiry_id", "to_els_account", "bout", "price_excluding_tax",
            "tax_rate", "currency", "exchange_rate", "remark", "status", "create_user", "create_date")
          VALUES (inv, rfq, bid."to_els_account", 1, (q->>'priceExcludingTax')::numeric, (q->>'taxRate')::numeric,
            g.currency, 1, left(bid."quote_remark", 200), '1', bid."to_els_account" || '_admin',
            coalesce(bid."quote_time", bid."create_date"));
        END IF;
      END LOOP;
    END LOOP;
    INSERT INTO "enquiry_sale_index" ("document_id", "to_els_account", "els_account", "list_date", "create_date", "status", "number")
    SELECT DISTINCT rfq, x."to_els_account", g.els_account, (g.create_date AT TIME ZONE 'UTC')::date, g.create_date, st, num
    FROM "purchase_order_bid" x WHERE x."order_id" = g.order_id AND x."round" = g.round;
    INSERT INTO "audit_trail" ("els_account", "document_kind", "document_id", "action", "from_status", "to_status", "remark", "create_user", "create_date")
    VALUES (g.els_account, 'enquiry', rfq, 'create', NULL, st,
      '迁移 0060：由采购订单 ' || g.order_number || ' 第 ' || g.round || ' 轮竞价转入 / Migration 0060: moved from bidding round '
        || g.round || ' of purchase order ' || g.order_number, g.create_user, g.create_date);
    IF st = '1' THEN
      INSERT INTO "scheduled_job" ("kind", "job_key", "run_at", "payload")
      VALUES ('enquiry.quoteEnd', rfq::text, g.quote_end_time, jsonb_build_object('elsAccount', g.els_account))
      ON CONFLICT ("kind", "job_key") DO NOTHING;
    END IF;
    UPDATE "purchase_order_bid" SET "enquiry_id" = rfq WHERE "order_id" = g.order_id AND "round" = g.round;
    IF g.round = g.last_round AND (g.awarded OR (g.live AND g.order_status = '6')) THEN
      UPDATE "purchase_order" SET "enquiry_id" = rfq, "enquiry_number" = num WHERE "id" = g.order_id;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
-- The supplier's "Bid invitations" menu entry (migration 0015) now opens its RFQ inbox: an order's bidding is an
-- RFQ (enquiryType 3) quoted in the RFQ screens; the order app's own bid pages are retired.
-- Its own address (the query) keeps it apart from "RFQ invitations", which opens the same list: the shell names and
-- keys a tab by its address.
UPDATE "menu" SET "app_url" = '/rfq/#/v2/list?enquiryType=3' WHERE "station" = 'sale' AND "app_code" = 'sales-bids';
