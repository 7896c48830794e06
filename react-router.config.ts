import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // React Router 8's behaviours. Middleware's typed request context carries the services to the
  // routes (app/server/runtime/context.server.ts). Routes are handed the request as it came, and read the
  // page's address from their `url` argument (decision 029). The others are declined for now, by
  // choice: the page cache keys and the tests rely on today's data URLs, and the build on today's
  // route chunks. Each is taken up together with the change that needs it.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
