package dev.northwind.keymanager;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The owner's Ed25519 public keys (dashboard: Key Manager, Offline licences), read once for both
 * offline certificates ({@link OfflineLicense}) and signed online replies ({@link SignedReplies}).
 */
final class PublicKeys {
    private PublicKeys() {}

    /** Every key by its id; throws IllegalArgumentException for an empty list or a key that is not Ed25519. */
    static Map<String, PublicKey> byId(Collection<String> publicKeys) {
        if (publicKeys == null || publicKeys.isEmpty()) {
            throw new IllegalArgumentException("publicKeys must not be empty");
        }
        Map<String, PublicKey> keys = new LinkedHashMap<>();
        for (String publicKey : publicKeys) {
            byte[] der = derOf(publicKey);
            keys.putIfAbsent(keyId(der), toKey(der));
        }
        return Collections.unmodifiableMap(keys);
    }

    static byte[] derOf(String publicKey) {
        if (publicKey == null || publicKey.trim().isEmpty()) {
            throw new IllegalArgumentException("a public key must not be empty");
        }
        String base64 = publicKey.replace("-----BEGIN PUBLIC KEY-----", "")
                .replace("-----END PUBLIC KEY-----", "")
                .replaceAll("\\s+", "");
        try {
            return Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException ex) {
            throw new IllegalArgumentException("not an Ed25519 public key (PEM or base64 DER)", ex);
        }
    }

    static PublicKey toKey(byte[] der) {
        try {
            return KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(der));
        } catch (GeneralSecurityException ex) {
            throw new IllegalArgumentException("not an Ed25519 public key (PEM or base64 DER)", ex);
        }
    }

    /** base64url of the first 12 bytes of SHA-256 over the SubjectPublicKeyInfo DER, as the server derives it. */
    static String keyId(byte[] der) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(der);
            byte[] first = new byte[12];
            System.arraycopy(digest, 0, first, 0, 12);
            return Base64.getUrlEncoder().withoutPadding().encodeToString(first);
        } catch (GeneralSecurityException ex) {
            throw new IllegalStateException("SHA-256 is not available", ex);
        }
    }
}
