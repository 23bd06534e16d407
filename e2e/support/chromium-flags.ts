// The flags of every Chromium that Lectern's browser tests and benchmarks launch (Debian's, headless).

/**
 * Playwright 1.65's own `--disable-features` list (chromiumSwitches.ts): Chromium keeps only the last
 * `--disable-features` on its command line, so a list of ours must carry Playwright's too. Among them
 * are the requests to Google a bare Chromium makes on start (nothing may leave 127.0.0.1). The
 * browser-flags spec fails when a Playwright upgrade changes the list.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Headless Chromium 156 preloads the address bar's two popups (chrome://omnibox-popup.top-chrome/) in
 * a renderer of their own for every new window, and Playwright opens a window per browser context:
 * about a second of CPU for each test, or each cold page load of a benchmark, that no user's page pays
 * (their window opened once). Five new contexts took 3.0 to 5.2 s with it, 1.4 to 1.8 s without.
 */
export const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(',')}`,
];
