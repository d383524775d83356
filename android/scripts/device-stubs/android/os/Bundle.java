// android.os.Bundle (API 1). Compile-only stub.
package android.os;

public final class Bundle {
}
