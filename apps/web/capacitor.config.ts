/**
 * The Android and iOS apps (docs/decisions/014): Capacitor shells around the same web build. The native
 * projects are generated on a machine with the Android SDK or Xcode (README, "Mobile apps"); `npx cap
 * sync` copies the build and the plugins into them, and succeeds with none added yet (CI runs it).
 */
import type { CapacitorConfig } from '@capacitor/cli';

const config: CapacitorConfig = {
  appId: 'ar.com.cubierto.app',
  appName: 'Cubierto',
  // The web build (npm run build -w apps/web) is the app.
  webDir: 'dist',
  server: { androidScheme: 'https' },
  plugins: {
    PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] },
  },
};

export default config;
