// android.app.Instrumentation (API 1): the members the instrumented tests call. Compile-only stub.
package android.app;

import android.content.Context;

public class Instrumentation {
    public void runOnMainSync(Runnable runner) { throw new UnsupportedOperationException("stub"); }
    public Context getContext() { throw new UnsupportedOperationException("stub"); }
    public Context getTargetContext() { throw new UnsupportedOperationException("stub"); }
}
