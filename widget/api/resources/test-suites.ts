import type { ApiCore } from '../core.ts';
import { defineResource } from '../define-resource.ts';
import type { RouteSpec } from '../route-spec.ts';

/** Five rows on `/test-suite/{testSuiteId}/<child>` and `/<child>/{id}`. */
function childRoutes<const C extends string>(child: C) {
  const list = `/test-suite/{testSuiteId}/${child}` as const;
  const item = `/test-suite/{testSuiteId}/${child}/{id}` as const;
  // biome-ignore format: one route row per line
  return [
    { name: 'list', method: 'GET', path: list, query: true, paginated: true },
    { name: 'create', method: 'POST', path: list, body: 'json' },
    { name: 'get', method: 'GET', path: item },
    { name: 'update', method: 'PATCH', path: item, body: 'json' },
    { name: 'delete', method: 'DELETE', path: item },
  ] as const satisfies readonly RouteSpec[];
}

/** docs/behaviour.md#api-routes "test suite": the suites themselves. */
// biome-ignore format: the route table reads best as one row per line
export const TEST_SUITE_ROUTES = [
  { name: 'list', method: 'GET', path: '/test-suite', query: true, paginated: true },
  { name: 'create', method: 'POST', path: '/test-suite', body: 'json' },
  { name: 'get', method: 'GET', path: '/test-suite/{id}' },
  { name: 'update', method: 'PATCH', path: '/test-suite/{id}', body: 'json' },
  { name: 'delete', method: 'DELETE', path: '/test-suite/{id}' },
] as const satisfies readonly RouteSpec[];
/** The tests of a suite: `testSuites.tests.get(suiteId, testId)`. */
export const TEST_SUITE_TEST_ROUTES = childRoutes('test');
/** The runs of a suite: `testSuites.runs.get(suiteId, runId)`. */
export const TEST_SUITE_RUN_ROUTES = childRoutes('run');

/** `testSuites.create`, `testSuites.tests.list(suiteId)`, `testSuites.runs.get(suiteId, runId)`… */
export const testSuitesResource = (core: ApiCore) => ({
  ...defineResource(core, TEST_SUITE_ROUTES),
  tests: defineResource(core, TEST_SUITE_TEST_ROUTES),
  runs: defineResource(core, TEST_SUITE_RUN_ROUTES),
});
