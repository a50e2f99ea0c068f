/**
 * The published Java library. The version must equal KeyManager.VERSION in sdks/java (a unit test
 * checks it); the build writes /media/key-manager-<version>.jar and /media/key-manager.jar.
 */
export const JAVA_LIBRARY_VERSION = '1.0.0';
export const JAR_FILE = `key-manager-${JAVA_LIBRARY_VERSION}.jar`;
export const JAR_URL = `/media/${JAR_FILE}`;

export const LIBRARY_DOCS_PATH = '/developer-resources/libraries/key-manager-lib-documentation';
export const REST_DOCS_PATH = '/built-apis/doc/key-manager';
