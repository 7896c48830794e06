// The server build React Router's Vite plugin provides; loadBuild() gives it its real type.
declare module "virtual:react-router/server-build" {}
