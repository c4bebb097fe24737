// dressed.config.js at the project's root, as dressed's config docs write one: where the
// server listens, and `requests.routeBase`, the API root every request of dressed goes to
// (its default is `https://discord.com/api/v10`). `dressed build` reads it when it bundles.
export default {
  endpoint: '/interactions',
  port: Number(process.env.PORT),
  requests: { routeBase: `${process.env.SLASHBENCH_URL}/api/v10` },
};
