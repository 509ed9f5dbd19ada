// Mantine's PostCSS preset: rem()/em(), light-dark() and the breakpoint mixins in CSS modules.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
