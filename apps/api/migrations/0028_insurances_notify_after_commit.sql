-- A wallet payment (modules/payments/payment-service.ts, payInsurance) tells the instances its customer's
-- insurances changed itself, once committed, rather than through migration 0017's trigger at commit:
-- PostgreSQL serialises the commits of all the transactions that notify (one lock for the whole cluster,
-- held through the commit's WAL flush), so every payment's commit waited for the others' (bench:wallet,
-- 2026-11-27: commit 7.7 ms of a payment's 5 statements, 457 payments/s; without it 4.7 ms, 581/s). Such a
-- transaction says so with set_config('cubierto.insurances_notify', 'after_commit', true), which lasts until
-- its end; every other path (webhooks, jobs, imports, SQL by hand) still notifies at commit.
CREATE OR REPLACE FUNCTION notify_insurances_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'insurances' THEN
    IF current_setting('cubierto.insurances_notify', true) = 'after_commit' THEN
      RETURN NULL;
    END IF;
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('cubierto_insurances', 'user:' || OLD.user_id);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('cubierto_insurances', 'user:' || NEW.user_id);
    END IF;
  ELSE
    PERFORM pg_notify('cubierto_insurances', 'all');
  END IF;
  RETURN NULL;
END
$$;
