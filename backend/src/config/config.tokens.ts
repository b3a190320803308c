/** Injection token of the AppConfig the process was started with. */
export const APP_CONFIG = Symbol('APP_CONFIG');
