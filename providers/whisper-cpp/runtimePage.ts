/**
 * The app's runtime settings page, where P14's binary and model are built, downloaded or imported
 * (its route in ui/app/route.ts; ui/app/route.test.ts keeps the two in step).
 */
export const runtimePageHash = '#/settings/runtime';
