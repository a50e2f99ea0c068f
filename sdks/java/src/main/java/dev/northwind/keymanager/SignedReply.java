package dev.northwind.keymanager;

import java.time.Instant;

/** What a verified signed reply says about its signature. Immutable. */
public final class SignedReply {
    private final String signingKeyId;
    private final Instant signedAt;

    SignedReply(String signingKeyId, Instant signedAt) {
        this.signingKeyId = signingKeyId;
        this.signedAt = signedAt;
    }

    /**
     * The id of the public key that verified the reply.
     *
     * @return the signing key id
     */
    public String getSigningKeyId() {
        return signingKeyId;
    }

    /**
     * When the server signed the reply (its clock).
     *
     * @return the signing time
     */
    public Instant getSignedAt() {
        return signedAt;
    }

    @Override
    public String toString() {
        return "SignedReply{signingKeyId=" + signingKeyId + ", signedAt=" + signedAt + "}";
    }
}
