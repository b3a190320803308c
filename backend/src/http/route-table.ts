import type { FastifyInstance } from 'fastify';

export interface ServedRoute {
  method: string;
  /** The path as registered, with `:name` parameters, e.g. `/api/job/:id`. */
  url: string;
}

/**
 * Records every route fastify registers, as fastify sees it (controllers, static files, anything
 * a plugin adds). Must be called before the routes are registered. The security suite checks this
 * list against its authorization matrix, so a route nobody classified fails the build. HEAD
 * routes that fastify derives from GET routes are left out: they run the GET handler.
 */
export function recordRoutes(fastify: FastifyInstance): ServedRoute[] {
  const routes: ServedRoute[] = [];
  fastify.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' && routes.some((r) => r.method === 'GET' && r.url === route.url)) continue;
      if (routes.some((r) => r.method === method && r.url === route.url)) continue;
      routes.push({ method, url: route.url });
    }
  });
  return routes;
}
