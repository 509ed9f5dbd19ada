-- The bell's unread count (GET /customers/notification-user/count) is kept in memory beside the customer's
-- profile (modules/customers/profile-cache.ts). Whatever adds, reads or removes a customer's notification,
-- the outbox job, a route or a hand-written statement, tells every instance at commit through the profiles'
-- channel with 'unread:<user id>'. One statement that touches many customers at once (a broadcast) sends
-- 'all' instead of one payload per customer.
CREATE FUNCTION notify_unread_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
  one integer;
BEGIN
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
--> statement-breakpoint
CREATE TRIGGER notification_users_added_notify AFTER INSERT ON notification_users
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_unread_changed();
--> statement-breakpoint
CREATE TRIGGER notification_users_changed_notify AFTER UPDATE ON notification_users
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_unread_changed();
--> statement-breakpoint
CREATE TRIGGER notification_users_removed_notify AFTER DELETE ON notification_users
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_unread_changed();
