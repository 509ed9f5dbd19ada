-- A transaction that holds its jobs (a keyed request: a wallet payment, a claim filed) writes its
-- notifications itself, in its last statement (modules/notifications/notify.ts), rather than through an
-- outbox job, and tells the instances the bell's count changed once committed ('unread:<id>' on
-- `cubierto_profiles`, lib/after-commit.ts), as migration 0028 does for the insurances: PostgreSQL
-- serialises the commits of all the transactions that notify. Such a transaction says so with
-- set_config('cubierto.unread_notify', 'after_commit', true), which lasts until its end; every other path
-- (the notifications' jobs, the routes that read or delete, SQL by hand) still notifies at commit.
CREATE OR REPLACE FUNCTION notify_unread_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
  one integer;
BEGIN
  IF current_setting('cubierto.unread_notify', true) = 'after_commit' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT user_id) INTO touched FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT user_id) INTO touched FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT user_id) INTO touched FROM (
      SELECT n.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.read_at IS DISTINCT FROM o.read_at OR n.user_id IS DISTINCT FROM o.user_id
      UNION SELECT o.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.user_id IS DISTINCT FROM o.user_id
    ) changed;
  END IF;
  IF touched IS NULL THEN RETURN NULL; END IF;
  IF cardinality(touched) > 100 THEN
    PERFORM pg_notify('cubierto_profiles', 'all');
  ELSE
    FOREACH one IN ARRAY touched LOOP
      PERFORM pg_notify('cubierto_profiles', 'unread:' || one);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
