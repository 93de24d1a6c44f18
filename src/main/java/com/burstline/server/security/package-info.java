/**
 * Who may write: API clients with the bearer token ({@code burstline.api-token}), and dashboard users who signed in
 * with that same token. Reading runs needs no token.
 */
package com.burstline.server.security;
