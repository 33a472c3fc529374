const path = require("path");
const MiniCssExtractPlugin = require("mini-css-extract-plugin");
const BundleTracker = require("webpack-bundle-tracker");

const FAMILIES = ["auth", "market", "leads", "verification", "payment", "status", "profile"];

module.exports = (_env, argv) => {
  const production = argv.mode !== "development";
  return {
    mode: production ? "production" : "development",
    devtool: production ? false : "source-map",
    entry: Object.fromEntries(
      FAMILIES.map((family) => [family, `./assets/islands/${family}/index.tsx`]),
    ),
    output: {
      path: path.resolve(__dirname, "static/bundles"),
      publicPath: "/static/bundles/",
      filename: production ? "[name].[contenthash:8].js" : "[name].js",
      chunkFilename: production ? "[name].[contenthash:8].js" : "[name].js",
      clean: true,
    },
    resolve: { extensions: [".tsx", ".ts", ".js"] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: "ts-loader", options: { onlyCompileBundledFiles: true } },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, "css-loader"] },
      ],
    },
    optimization: {
      runtimeChunk: "single",
      splitChunks: {
        chunks: "all",
        cacheGroups: {
          vendor: {
            test: /[\\/]node_modules[\\/]/,
            name: "vendor",
            // Only what pages load up front: lazily loaded libraries (chart.js) stay in their own chunk.
            chunks: "initial",
            priority: 10,
          },
          // The shell's and shared components' styles load on every page; an island's own
          // stylesheet stays in its bundle, so a page loads only its own.
          shellStyles: {
            type: "css/mini-extract",
            test: /[\\/]assets[\\/](shell|components)[\\/]/,
            name: "shell",
            chunks: "all",
            enforce: true,
            priority: 6,
          },
          shell: {
            test: /[\\/]assets[\\/](shell|api|i18n|stores|components)[\\/]/,
            name: "shell",
            chunks: "all",
            minChunks: 2,
            priority: 5,
          },
        },
      },
    },
    plugins: [
      new MiniCssExtractPlugin({
        filename: production ? "[name].[contenthash:8].css" : "[name].css",
      }),
      new BundleTracker({ path: __dirname, filename: "webpack-stats.json" }),
    ],
    performance: { hints: false },
  };
};
