/**
 * Starts the home tour. driver.js and its styles load only now (the login page's budget, README), then
 * the steps run from the first one; moving to a step on another page navigates there first and waits
 * for its element. Once over, a customer the tour took elsewhere is back on the home screen where it
 * started; one who went elsewhere by themselves (a link, a payment return) is left there.
 */
import { getAppConfig } from '../../../shared/config/app-config.ts';
import { t } from '../../../shared/i18n/i18n.ts';
import { HOME_PATH, homeTourSteps } from './tour-steps.ts';

/** Spec §2: the desktop breakpoint, 992 px (Mantine's md = 62em). */
const DESKTOP = '(min-width: 62em)';
/** How long a step waits for its element after a navigation. */
const ELEMENT_WAIT_MS = 5_000;

export type Navigate = (to: string) => void | Promise<void>;

let running = false;

/** Said on `window` when the tour starts, from the home's offer or the menu: the offer then goes away. */
export const TOUR_STARTED_EVENT = 'cubierto:tour-started';

export async function startHomeTour(navigate: Navigate): Promise<void> {
  if (running) return;
  running = true;
  window.dispatchEvent(new Event(TOUR_STARTED_EVENT));
  try {
    const [{ driver }, config] = await Promise.all([
      import('driver.js'),
      // Credit wallet mode decides whether 'Mi crédito' has a step; unknown (no answer), it is on (spec §9).
      getAppConfig().catch(() => undefined),
      import('driver.js/dist/driver.css'),
      import('./tour.css'),
    ]);
    const plan = homeTourSteps(window.matchMedia(DESKTOP).matches, config?.credit_wallet_mode ?? true);
    // Whether the tour itself took the customer away from the home; only then does it bring them back.
    let wandered = false;
    const go = async (index: number) => {
      const page = plan[index]?.page;
      if (page && window.location.pathname !== page) {
        wandered = true;
        await navigate(page);
      }
      tour.moveTo(index);
    };
    const tour = driver({
      showProgress: true,
      progressText: t('tour.progress', { current: '{{current}}', total: '{{total}}' }),
      prevBtnText: t('tour.previous'),
      nextBtnText: t('tour.next'),
      doneBtnText: t('tour.done'),
      popoverClass: 'cubierto-tour',
      // Each step appears at once: no motion to sit through, and the page is never half-way between two.
      animate: false,
      stageRadius: 12,
      steps: plan.map((step, index) => ({
        ...(step.element ? { element: step.element } : {}),
        waitForElement: ELEMENT_WAIT_MS,
        popover: {
          title: t(step.title),
          description: t(step.description),
          onNextClick: () => void go(index + 1),
          onPrevClick: () => void go(index - 1),
        },
      })),
      onPopoverRender: (popover) => {
        popover.closeButton.setAttribute('aria-label', t('tour.close'));
        popover.closeButton.setAttribute('title', t('tour.close'));
      },
      onHighlighted: () => {
        // driver.js marks what it points at as opening a dialog; on a section or a plain box those
        // attributes are not allowed (WCAG 4.1.2), and the popover is a labelled dialog of its own.
        const target = document.querySelector('.driver-active-element');
        for (const attribute of ['aria-haspopup', 'aria-expanded', 'aria-controls']) {
          target?.removeAttribute(attribute);
        }
      },
      onDestroyed: () => {
        running = false;
        if (wandered && window.location.pathname !== HOME_PATH) void navigate(HOME_PATH);
      },
    });
    tour.drive(0);
  } catch (error) {
    running = false;
    throw error;
  }
}
