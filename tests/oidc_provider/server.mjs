// An independent OpenID Connect provider (node oidc-provider) for the product's sign-in tests.
// One confidential client (the product) and one account; sign-in and consent complete without
// a form. Configuration comes from the environment: PORT, CLIENT_ID, CLIENT_SECRET,
// REDIRECT_URI, POST_LOGOUT_REDIRECT_URI, and the account's ACCOUNT_SUB, ACCOUNT_EMAIL,
// ACCOUNT_NAME.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

import Provider from 'oidc-provider';

const { PORT, CLIENT_ID, CLIENT_SECRET, REDIRECT_URI, POST_LOGOUT_REDIRECT_URI } = process.env;
const issuer = `http://127.0.0.1:${PORT}`;

const ACCOUNT = {
  sub: process.env.ACCOUNT_SUB,
  email: process.env.ACCOUNT_EMAIL,
  email_verified: true,
  name: process.env.ACCOUNT_NAME,
};

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'independent-1', alg: 'RS256', use: 'sig' };

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      redirect_uris: [REDIRECT_URI],
      post_logout_redirect_uris: [POST_LOGOUT_REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
      id_token_signed_response_alg: 'RS256',
    },
  ],
  jwks: { keys: [signingKey] },
  cookies: { keys: [randomBytes(32).toString('hex')] },
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name'],
  },
  scopes: ['openid', 'offline_access', 'email', 'profile'],
  pkce: { required: () => true },
  features: {
    devInteractions: { enabled: false },
    revocation: { enabled: true },
    rpInitiatedLogout: { enabled: true },
  },
  // offline_access is only granted with prompt=consent; the product is trusted to refresh.
  issueRefreshToken: async (ctx, client) => client.grantTypeAllowed('refresh_token'),
  rotateRefreshToken: true,
  interactions: { url: (ctx, interaction) => `/interaction/${interaction.uid}` },
  async findAccount(ctx, id) {
    if (id !== ACCOUNT.sub) return undefined;
    return { accountId: id, claims: async () => ({ ...ACCOUNT }) };
  },
});

async function finishInteraction(req, res) {
  const { prompt, params, session, grantId } = await provider.interactionDetails(req, res);
  if (prompt.name === 'login') {
    await provider.interactionFinished(req, res, { login: { accountId: ACCOUNT.sub } });
    return;
  }
  const grant = grantId
    ? await provider.Grant.find(grantId)
    : new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
  if (prompt.details.missingOIDCScope) grant.addOIDCScope(prompt.details.missingOIDCScope.join(' '));
  if (prompt.details.missingOIDCClaims) grant.addOIDCClaims(prompt.details.missingOIDCClaims);
  const result = { consent: { grantId: await grant.save() } };
  await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
}

const handle = provider.callback();
createServer((req, res) => {
  if (req.url.startsWith('/interaction/')) {
    finishInteraction(req, res).catch((error) => {
      res.statusCode = 500;
      res.end(String(error));
    });
    return;
  }
  handle(req, res);
}).listen(Number(PORT), '127.0.0.1', () => {
  console.log(`independent provider at ${issuer}`);
});
