// Route protection uses Strapi's own admin::hasPermissions with the plugin's actions (see routes).
export default {};
