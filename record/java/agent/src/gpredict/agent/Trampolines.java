package gpredict.agent;

import java.util.ArrayList;
import java.util.List;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

import gpredict.rt.Calls;

/**
 * Trampolines: a call the runtime must see before, after and when it
 * throws is replaced by a call of a static method added to the calling
 * class, with the same stack effect (receiver and arguments in, result
 * out):
 *
 * <pre>
 * static R gp$tN(Owner recv, A1 a1, …) {
 *     Object[] a = {a1, …};                 // boxed
 *     [monitorenter recv]                   // Calls.MONITOR, SERIAL
 *     Calls.before(recv, a, SITE);          // may replace a task argument (executors)
 *     try { r = recv.m(a1, …); }
 *     catch (Throwable e) { Calls.thrown(recv, a, e, SITE); [monitorexit recv] throw e; }
 *     Calls.after(recv, a, box(r), SITE);
 *     [monitorexit recv]
 *     return r;
 * }
 * </pre>
 *
 * The trampoline's frames are known (its parameters), so the handler needs
 * no analysis of the caller; exceptions propagate unchanged. Not
 * trampolined: constructor, super and private calls (invokespecial), calls
 * of a protected method of another package (the verifier wants the
 * receiver to be the caller's own class there), and calls from interfaces
 * older than Java 8 (no static methods there).
 */
final class Trampolines {
    private final ClassNode cn;
    private final boolean frames;
    private final boolean allowed;
    private final List<MethodNode> methods = new ArrayList<>();

    Trampolines(ClassNode cn, boolean frames, boolean allowed) {
        this.cn = cn;
        this.frames = frames;
        this.allowed = allowed;
    }

    List<MethodNode> methods() {
        return methods;
    }

    /** Whether the call can be trampolined from this class. */
    boolean possible(MethodInsnNode mi, Hierarchy h, ClassLoader loader) {
        if (!allowed) {
            return false;
        }
        Hierarchy.Member target = h.method(mi.owner, mi.name, mi.desc, loader);
        if (target == null) {
            return false; // cannot tell whether it is protected
        }
        if ((target.access & Opcodes.ACC_PROTECTED) != 0 && !pkg(target.owner).equals(pkg(cn.name))) {
            return false;
        }
        return true;
    }

    private static String pkg(String internal) {
        int i = internal.lastIndexOf('/');
        return i < 0 ? "" : internal.substring(0, i);
    }

    /** Adds the trampoline of a call and returns the instruction that calls it. */
    MethodInsnNode add(MethodInsnNode mi, int call, int site) {
        boolean isStatic = mi.getOpcode() == Opcodes.INVOKESTATIC;
        Type[] args = Type.getArgumentTypes(mi.desc);
        Type ret = Type.getReturnType(mi.desc);
        List<Type> params = new ArrayList<>();
        if (!isStatic) {
            params.add(Type.getObjectType(mi.owner));
        }
        for (Type a : args) {
            params.add(a);
        }
        String desc = Type.getMethodDescriptor(ret, params.toArray(new Type[0]));
        boolean itf = (cn.access & Opcodes.ACC_INTERFACE) != 0;
        int access = Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC
                | (itf && (cn.version & 0xffff) < Opcodes.V9 ? Opcodes.ACC_PUBLIC : Opcodes.ACC_PRIVATE);
        MethodNode t = new MethodNode(access, "gp$t" + methods.size(), desc, null, null);
        InsnList c = t.instructions;
        int[] slot = new int[params.size()];
        int next = 0;
        for (int i = 0; i < params.size(); i++) {
            slot[i] = next;
            next += params.get(i).getSize();
        }
        int argv = next; // Object[] a
        int res = next + 1; // the result, then the exception
        int first = isStatic ? 0 : 1;

        // Object[] a = {boxed arguments}
        c.add(new LdcInsnNode(args.length));
        c.add(new TypeInsnNode(Opcodes.ANEWARRAY, "java/lang/Object"));
        for (int i = 0; i < args.length; i++) {
            c.add(new InsnNode(Opcodes.DUP));
            c.add(new LdcInsnNode(i));
            c.add(new VarInsnNode(args[i].getOpcode(Opcodes.ILOAD), slot[first + i]));
            box(c, args[i]);
            c.add(new InsnNode(Opcodes.AASTORE));
        }
        c.add(new VarInsnNode(Opcodes.ASTORE, argv));
        boolean monitor = (call & (Calls.MONITOR | Calls.SERIAL)) != 0;
        if (monitor) {
            c.add(new VarInsnNode(Opcodes.ALOAD, 0));
            c.add(new InsnNode(Opcodes.MONITORENTER));
        }
        recv(c, isStatic);
        c.add(new VarInsnNode(Opcodes.ALOAD, argv));
        c.add(new LdcInsnNode(site));
        c.add(calls("before", "(Ljava/lang/Object;[Ljava/lang/Object;I)V"));
        int op = call & 0xff;
        if ((op == Calls.EXECUTE || op == Calls.INVOKEALL || op == Calls.CF_ASYNC) && args.length > 0
                && args[0].getSort() == Type.OBJECT) {
            // the runtime wraps the task: take it back from a[0]
            c.add(new VarInsnNode(Opcodes.ALOAD, argv));
            c.add(new LdcInsnNode(0));
            c.add(new InsnNode(Opcodes.AALOAD));
            c.add(new TypeInsnNode(Opcodes.CHECKCAST, args[0].getInternalName()));
            c.add(new VarInsnNode(Opcodes.ASTORE, slot[first]));
        }
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        LabelNode handler = new LabelNode();
        c.add(start);
        for (int i = 0; i < params.size(); i++) {
            c.add(new VarInsnNode(params.get(i).getOpcode(Opcodes.ILOAD), slot[i]));
        }
        c.add(new MethodInsnNode(mi.getOpcode(), mi.owner, mi.name, mi.desc, mi.itf));
        c.add(end);
        if (ret.getSort() != Type.VOID) {
            c.add(new VarInsnNode(ret.getOpcode(Opcodes.ISTORE), res));
        }
        recv(c, isStatic);
        c.add(new VarInsnNode(Opcodes.ALOAD, argv));
        if (ret.getSort() == Type.VOID) {
            c.add(new InsnNode(Opcodes.ACONST_NULL));
        } else {
            c.add(new VarInsnNode(ret.getOpcode(Opcodes.ILOAD), res));
            box(c, ret);
        }
        c.add(new LdcInsnNode(site));
        c.add(calls("after", "(Ljava/lang/Object;[Ljava/lang/Object;Ljava/lang/Object;I)V"));
        if (monitor) {
            c.add(new VarInsnNode(Opcodes.ALOAD, 0));
            c.add(new InsnNode(Opcodes.MONITOREXIT));
        }
        if (ret.getSort() != Type.VOID) {
            c.add(new VarInsnNode(ret.getOpcode(Opcodes.ILOAD), res));
        }
        c.add(new InsnNode(ret.getOpcode(Opcodes.IRETURN)));

        c.add(handler);
        if (frames) {
            List<Object> locals = new ArrayList<>();
            for (Type p : params) {
                locals.add(frameType(p));
            }
            locals.add("[Ljava/lang/Object;");
            c.add(new FrameNode(Opcodes.F_FULL, locals.size(), locals.toArray(), 1, new Object[] {"java/lang/Throwable"}));
        }
        c.add(new VarInsnNode(Opcodes.ASTORE, res));
        recv(c, isStatic);
        c.add(new VarInsnNode(Opcodes.ALOAD, argv));
        c.add(new VarInsnNode(Opcodes.ALOAD, res));
        c.add(new LdcInsnNode(site));
        c.add(calls("thrown", "(Ljava/lang/Object;[Ljava/lang/Object;Ljava/lang/Throwable;I)V"));
        if (monitor) {
            c.add(new VarInsnNode(Opcodes.ALOAD, 0));
            c.add(new InsnNode(Opcodes.MONITOREXIT));
        }
        c.add(new VarInsnNode(Opcodes.ALOAD, res));
        c.add(new InsnNode(Opcodes.ATHROW));
        t.tryCatchBlocks.add(new TryCatchBlockNode(start, end, handler, null));
        methods.add(t);
        return new MethodInsnNode(Opcodes.INVOKESTATIC, cn.name, t.name, desc, itf);
    }

    private static void recv(InsnList c, boolean isStatic) {
        c.add(isStatic ? new InsnNode(Opcodes.ACONST_NULL) : new VarInsnNode(Opcodes.ALOAD, 0));
    }

    private static MethodInsnNode calls(String name, String desc) {
        return new MethodInsnNode(Opcodes.INVOKESTATIC, "gpredict/rt/Calls", name, desc, false);
    }

    private static Object frameType(Type t) {
        switch (t.getSort()) {
            case Type.BOOLEAN: case Type.CHAR: case Type.BYTE: case Type.SHORT: case Type.INT:
                return Opcodes.INTEGER;
            case Type.FLOAT:
                return Opcodes.FLOAT;
            case Type.LONG:
                return Opcodes.LONG;
            case Type.DOUBLE:
                return Opcodes.DOUBLE;
            case Type.ARRAY:
                return t.getDescriptor();
            default:
                return t.getInternalName();
        }
    }

    /** Boxes the primitive on the stack (Integer.valueOf etc.); references stay. */
    private static void box(InsnList c, Type t) {
        String box;
        switch (t.getSort()) {
            case Type.BOOLEAN: box = "java/lang/Boolean"; break;
            case Type.CHAR: box = "java/lang/Character"; break;
            case Type.BYTE: box = "java/lang/Byte"; break;
            case Type.SHORT: box = "java/lang/Short"; break;
            case Type.INT: box = "java/lang/Integer"; break;
            case Type.FLOAT: box = "java/lang/Float"; break;
            case Type.LONG: box = "java/lang/Long"; break;
            case Type.DOUBLE: box = "java/lang/Double"; break;
            default:
                return;
        }
        c.add(new MethodInsnNode(Opcodes.INVOKESTATIC, box, "valueOf", "(" + t.getDescriptor() + ")L" + box + ";", false));
    }
}
