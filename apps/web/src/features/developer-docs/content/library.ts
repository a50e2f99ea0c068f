/**
 * The published Java library. The version must equal KeyManager.VERSION in sdks/java (a unit test
 * checks it); the build writes /media/key-manager-<version>.jar, -sources.jar, -javadoc.jar, .pom
 * and /media/key-manager.jar.
 */
export const JAVA_LIBRARY_VERSION = '1.0.0';
export const JAR_FILE = `key-manager-${JAVA_LIBRARY_VERSION}.jar`;
export const JAR_URL = `/media/${JAR_FILE}`;
export const SOURCES_JAR_FILE = `key-manager-${JAVA_LIBRARY_VERSION}-sources.jar`;
export const JAVADOC_JAR_FILE = `key-manager-${JAVA_LIBRARY_VERSION}-javadoc.jar`;
export const POM_FILE = `key-manager-${JAVA_LIBRARY_VERSION}.pom`;
export const MAVEN_COORDINATES = `dev.northwind:key-manager:${JAVA_LIBRARY_VERSION}`;
/** Installs the downloaded jar and POM into the local Maven repository (~/.m2), no network needed. */
export const MAVEN_INSTALL_COMMAND = `mvn install:install-file -Dfile=${JAR_FILE} -DpomFile=${POM_FILE} -Dsources=${SOURCES_JAR_FILE} -Djavadoc=${JAVADOC_JAR_FILE}`;

/**
 * The published TypeScript SDK (packages/key-manager-js). The version must equal its package.json
 * (a unit test checks it); `npm run build:sdk` writes /media/northwind-key-manager-<version>.tgz.
 */
export const TYPESCRIPT_SDK_NAME = '@northwind/key-manager';
export const TYPESCRIPT_SDK_VERSION = '1.0.0';
export const SDK_TARBALL_FILE = `northwind-key-manager-${TYPESCRIPT_SDK_VERSION}.tgz`;
export const SDK_TARBALL_URL = `/media/${SDK_TARBALL_FILE}`;

export const LIBRARY_DOCS_PATH = '/developer-resources/libraries/key-manager-lib-documentation';
