-- Every API instance keeps the customers' latest insurance pages in memory (modules/insurances/list-cache.ts).
-- Whatever changes an insurance (contracting, paying, a webhook, the lifecycle jobs, a cancellation, an import,
-- a hand-written UPDATE) tells every instance at commit, naming its customer; a change to the catalogue an
-- insurance is shown with (coverage, policy, company, risk type) drops every page.
CREATE FUNCTION notify_insurances_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'insurances' THEN
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
--> statement-breakpoint
CREATE TRIGGER insurances_list_notify AFTER INSERT OR UPDATE OR DELETE ON insurances
  FOR EACH ROW EXECUTE FUNCTION notify_insurances_changed();
--> statement-breakpoint
CREATE TRIGGER coverages_list_notify AFTER UPDATE OR DELETE ON coverages
  FOR EACH ROW EXECUTE FUNCTION notify_insurances_changed();
--> statement-breakpoint
CREATE TRIGGER policies_list_notify AFTER UPDATE OR DELETE ON policies
  FOR EACH ROW EXECUTE FUNCTION notify_insurances_changed();
--> statement-breakpoint
CREATE TRIGGER companies_list_notify AFTER UPDATE OR DELETE ON companies
  FOR EACH ROW EXECUTE FUNCTION notify_insurances_changed();
--> statement-breakpoint
CREATE TRIGGER risk_types_list_notify AFTER UPDATE OR DELETE ON risk_types
  FOR EACH ROW EXECUTE FUNCTION notify_insurances_changed();
