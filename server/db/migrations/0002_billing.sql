CREATE TABLE "captcha_passes" (
	"pass_hash" text PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ip" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"username" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"plan_code" text NOT NULL,
	"user_id" uuid,
	"payment_token" text NOT NULL,
	"status" text NOT NULL,
	"action_token_id" text,
	"three_ds_result_token" text,
	"response" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payments_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"outcome" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_three_ds" (
	"action_token_id" text PRIMARY KEY NOT NULL,
	"token_id" text NOT NULL,
	"result_token_id" text,
	"status" text NOT NULL,
	CONSTRAINT "sandbox_three_ds_result_token_id_unique" UNIQUE("result_token_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"scenario" text NOT NULL,
	"last4" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_code" text NOT NULL,
	"gateway" text NOT NULL,
	"gateway_reference" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempts_ip_idx" ON "payment_attempts" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","created_at");