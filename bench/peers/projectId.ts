/**
 * A dummy project id: AppKit, RainbowKit and ConnectKit require one for WalletConnect and their cloud. The
 * bench runs offline, so the requests they make with it fail; counting them is part of what is measured.
 */
export const projectId = '0000000000000000000000000000beef'
