/** The control channel's prefix, in a module of its own so that light clients (the desktop shell) need not load the routes. */
export const controlBasePath = '/control/v1';
