// The server's environment variables and what each means: `latch-server --help` prints them (cli.test checks that
// every variable config.ts reads is here).
/** Every variable `readConfig` reads, as `latch-server --help` lists them. */
export const serverVariables: readonly [name: string, meaning: string][] = [
  ['PORT', 'the port to listen on, default 8787'],
  ['HOST', 'the address to listen on, default 127.0.0.1 (0.0.0.0 for every interface)'],
  ['DATABASE_URL', 'postgres:// URL: PostgreSQL; default PGlite in LATCH_DATA_DIR'],
  ['LATCH_DATA_DIR', "PGlite's directory, default .latch/data; memory for a database in memory"],
  [
    'PUBLIC_URL',
    'the http(s) URL clients reach this server at (base of image links); required in production',
  ],
  [
    'NODE_ENV',
    'production: PUBLIC_URL required, requests for other hosts refused, development defaults refused (README)',
  ],
  ['LATCH_SPONSOR_EVERYONE', 'on: in production, a sponsorship policy may have origins ["*"] (every caller)'],
  ['ALLOWED_HOSTS', 'host names (comma-separated) answered besides PUBLIC_URL’s'],
  ['LOG_LEVEL', 'fatal, error, warn, info (default), debug, trace or silent'],
  [
    'LATCH_CONFIG',
    'the configuration file (JSON or YAML): chains, tokens, prices, projects; default the devnet',
  ],
  ['LATCH_RPC_A', 'the devnet chain A’s RPC URL, default http://127.0.0.1:8545'],
  ['LATCH_RPC_B', 'the devnet chain B’s RPC URL, default http://127.0.0.1:8546'],
  ['LATCH_SOLANA_RPC', 'the local Solana chain’s RPC URL, default http://127.0.0.1:8899'],
  ['LATCH_BUNDLER_A', 'the devnet chain A’s ERC-4337 bundler URL, default http://127.0.0.1:8791'],
  ['LATCH_BUNDLER_B', 'the devnet chain B’s ERC-4337 bundler URL, default http://127.0.0.1:8792'],
  [
    'PAYMASTER_SIGNER_KEY',
    'the private key the chains’ VerifyingPaymaster contracts trust (0x and 64 hex digits); required for sponsorship',
  ],
  [
    'PAYMASTER_LOGS_RANGE',
    'the most blocks one eth_getLogs of the paymaster spans, as the RPC provider allows, default 1000',
  ],
  ['LATCH_ENS_RPC', 'an Ethereum mainnet RPC URL, for ENS names and avatars'],
  [
    'LATCH_SWAP_API_URL',
    'a 1inch-style swap API (https://api.1inch.dev): swaps on the networks no devnet serves',
  ],
  ['LATCH_SWAP_API_KEY', 'the swap API’s key, sent as a bearer token'],
  [
    'LATCH_SWAP_NETWORKS',
    'the chain ids swaps are offered on (comma-separated), default SPEC §9’s and the devnet’s',
  ],
  ['LATCH_COINBASE_ONRAMP_KEY_NAME', 'a Coinbase Developer Platform API key’s name: the Coinbase on-ramp'],
  [
    'LATCH_COINBASE_ONRAMP_KEY_SECRET',
    'that key’s private key (PEM, \\n for its line breaks, or base64 Ed25519)',
  ],
  ['LATCH_COINBASE_ONRAMP_API_URL', 'the Coinbase on-ramp’s API, default https://api.developer.coinbase.com'],
  ['LATCH_COINBASE_ONRAMP_PAY_URL', 'its hosted checkout, default https://pay.coinbase.com'],
  ['LATCH_MELD_API_KEY', 'a Meld API key: the Meld on-ramp'],
  ['LATCH_MELD_PUBLIC_KEY', 'Meld’s public key, for its hosted widget'],
  ['LATCH_MELD_API_URL', 'Meld’s API, default https://api.meld.io (its sandbox: https://api-sb.meld.io)'],
  [
    'LATCH_MELD_WIDGET_URL',
    'Meld’s widget, default https://meldcrypto.com (its sandbox: https://sb.meldcrypto.com)',
  ],
  [
    'LATCH_ONRAMP_SANDBOX_KEY',
    'off, or the key of the account the sandbox on-ramp delivers from (default the devnet’s, on the devnet)',
  ],
  ['LATCH_INDEX', 'on (default) or off: whether this instance indexes the chains’ history'],
  ['REDIS_URL', 'redis:// URL: rate limits shared by every instance'],
  ['TRUST_PROXY', 'true (one proxy in front), their number, or their addresses (comma-separated)'],
  ['LATCH_RATE_LIMITS', 'off, or name=number pairs over the defaults (per client, per minute)'],
  ['LATCH_SESSION_MAX_DAYS', 'the longest sign-in session, default 30'],
  ['FRAME_PORT', 'the embedded wallet’s origin (e-mail login): its port, default 8789; off to not serve it'],
  ['FRAME_PUBLIC_URL', 'the http(s) URL the frame is reached at (its own host name); required in production'],
  [
    'SMTP_URL',
    'smtp:// or smtps:// URL login codes are mailed through; without it e-mail logins are refused',
  ],
  ['MAIL_FROM', 'the login mails’ From, default Latch <login@localhost>'],
  [
    'LATCH_KEK',
    '32 bytes (base64 or hex) sealing the auth key shares; required in production (dev: .latch/keys.json)',
  ],
  ['LATCH_RECOVERY_KEK', '32 bytes (base64 or hex) sealing the recovery key shares; required with LATCH_KEK'],
  [
    'LATCH_OAUTH_<NAME>_CLIENT_ID',
    'a social login’s OAuth client (NAME: GOOGLE, X, DISCORD, GITHUB, APPLE, FACEBOOK); unset, it is not offered',
  ],
  ['LATCH_OAUTH_<NAME>_CLIENT_SECRET', 'that client’s secret; required with its id'],
  [
    'TELEGRAM_BOT_TOKEN',
    'the Telegram bot (BotFather’s token) Telegram logins go through; unset, Telegram is not offered',
  ],
  [
    'LATCH_TELEGRAM_URL',
    'a stand-in of Telegram’s login page (the devnet’s), default https://oauth.telegram.org',
  ],
  [
    'LATCH_FARCASTER_RPC_URL',
    'an OP Mainnet RPC URL (Farcaster’s ID registry): with it, Farcaster logins are offered and the relay is served',
  ],
  [
    'LATCH_FARCASTER_RELAY_URL',
    'the Farcaster auth relay the logins use, default this server’s own (/farcaster)',
  ],
  [
    'LATCH_FARCASTER_RELAY_KEY',
    'the key Farcaster apps present to this server’s relay; unset, it takes no sign-ins',
  ],
  [
    'LATCH_OAUTH_<NAME>_URL',
    'a stand-in of the provider (the devnet’s local issuers), default the provider itself',
  ],
]
