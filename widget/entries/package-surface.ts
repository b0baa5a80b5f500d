/**
 * The public surface of the voice assistant package, declared once. Everything a host page, an
 * integrator or a developer may rely on is listed here by name; every other module is internal
 * and may change. The embeddable bundle's entry is `bundle.ts`, which only registers the element;
 * the npm package's `.` entry is `package.ts`, which registers it in a browser and re-exports this.
 *
 * @packageDocumentation
 */

/** The `<voice-assistant>` element (the package's `./element` entry). */
export * from './element.ts';

/** The platform API client (the package's `./api` entry). */
export * from './api.ts';

/** The framework-free call client and the offline demo's options (the package's `./call` entry). */
export * from './call.ts';
