// Chaos presets to flip (docs/admin-and-chaos.md §7's recipes), and the settings in force, as GET /__mock/chaos
// tells them. Each preset replaces the whole settings (PUT /__mock/chaos); "Startup settings" is POST
// /__mock/reset, which also clears the request log.
import { change, errorText, showFacts } from './page-kit.js';

/** The settings each preset's button PUTs. Off is the empty settings: no chaos, whatever the server started with. */
export const PRESETS = {
  off: {},
  slow: { latency: '50-250' },
  // Seeded, as the recipe is: the same requests fail on every run.
  flaky: { errorRate: 0.1, errorStatus: [500, 503], chaosSeed: 7 },
  limited: { rateLimit: '10/1s' },
};
const NAMES = { off: 'off', slow: 'slow', flaky: 'flaky', limited: 'rate-limited' };

/**
 * The preset in force, or null: the latency, error rate (and statuses, when it fails some) and rate limit a
 * preset sets, the others off, and no per-route settings. The seed and hang time do not tell presets apart.
 */
export function presetInForce(settings) {
  const found = Object.entries(PRESETS).find(([, preset]) => {
    const want = { latency: null, errorRate: 0, rateLimit: null, ...preset };
    if (Object.keys(settings.routes ?? {}).length > 0) return false;
    if (settings.latency !== want.latency || settings.errorRate !== want.errorRate) return false;
    if (settings.rateLimit !== want.rateLimit) return false;
    return want.errorRate === 0 || JSON.stringify(settings.errorStatus) === JSON.stringify(want.errorStatus);
  });
  return found ? found[0] : null;
}

/** Shows the settings, which preset they are (its button pressed) or that they are none of them. */
export function showChaos(settings) {
  const section = document.getElementById('chaos');
  const preset = presetInForce(settings);
  for (const button of section.querySelectorAll('button[data-preset]'))
    button.setAttribute('aria-pressed', String(button.dataset.preset === preset));
  section.dataset.preset = preset ?? 'custom';
  section.querySelector('.in-force').textContent =
    preset === null ? 'In force: settings of your own (none of the presets)' : `In force: ${NAMES[preset]}`;
  showFacts(section.querySelector('dl'), settings);
}

/** Wires the preset buttons and "Startup settings"; `changed` runs after each change that took. */
export function setUpChaos(changed) {
  const section = document.getElementById('chaos');
  const outcome = section.querySelector('.outcome');
  const run = async (what, request) => {
    outcome.textContent = `${what}…`;
    try {
      showChaos(await request());
      outcome.textContent = `${what}: done.`;
      await changed();
    } catch (error) {
      outcome.textContent = `${what}: ${errorText(error)}`;
    }
  };
  for (const button of section.querySelectorAll('button[data-preset]')) {
    const preset = button.dataset.preset;
    button.addEventListener('click', () =>
      run(`Chaos ${NAMES[preset]}`, () => change('PUT', '/__mock/chaos', PRESETS[preset])),
    );
  }
  section
    .querySelector('#chaos-startup')
    .addEventListener('click', () => run('Startup settings', () => change('POST', '/__mock/reset')));
}
