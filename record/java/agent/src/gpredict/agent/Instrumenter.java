package gpredict.agent;

import java.util.ArrayList;
import java.util.Set;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

import gpredict.rt.Calls;
import gpredict.rt.Site;

/**
 * Instruments one class. Every insertion is straight-line code around the
 * instruction it logs, so the class's stack map frames stay valid as they
 * are; the two constructs that need control flow of their own get it
 * where the frame is known: a call that must be wrapped goes through a
 * trampoline (Trampolines), and a synchronized method (or an --atomic
 * one) gets a catch-all handler at its end whose frame holds only
 * {@code this}.
 *
 * <ul>
 * <li>field, static and array reads and writes (not of final fields,
 * which the JMM makes safe to read once constructed): the value logged
 * next to the access;
 * <li>monitorenter/monitorexit, synchronized methods: acquire and release;
 * <li>calls the runtime models (Classify), or that a property's pointcut
 * may match (Patterns): through a trampoline;
 * <li>the returns of a static initialiser (Statics in the runtime);
 * <li>with branches on, each conditional jump and switch.
 * </ul>
 */
final class Instrumenter {
    private static final String RT = "gpredict/rt/R";

    private final Config config;
    private final Hierarchy h;
    private final ClassLoader loader;
    private final byte[] bytes;
    private final Set<String> skip;
    private final Patterns calls;
    private final Patterns atomic;
    private final Classify classify;

    private ClassNode cn;
    private boolean frames;
    private String path;
    private String simple;
    private Trampolines trampolines;

    Instrumenter(Config config, Hierarchy h, ClassLoader loader, byte[] bytes, Set<String> skip) {
        this.config = config;
        this.h = h;
        this.loader = loader;
        this.bytes = bytes;
        this.skip = skip;
        this.calls = new Patterns(h);
        for (String p : config.calls) {
            calls.add(p);
        }
        this.atomic = new Patterns(h);
        for (String p : config.atomic) {
            atomic.add(p);
        }
        this.classify = new Classify(h);
    }

    byte[] run() {
        ClassReader cr = new ClassReader(bytes);
        cn = new ClassNode();
        cr.accept(cn, 0);
        if ((cn.access & Opcodes.ACC_MODULE) != 0) {
            return null;
        }
        h.add(bytes);
        int version = cn.version & 0xffff;
        frames = version >= Opcodes.V1_6;
        boolean itf = (cn.access & Opcodes.ACC_INTERFACE) != 0;
        trampolines = new Trampolines(cn, frames, !itf || version >= Opcodes.V1_8);
        String dotted = cn.name.replace('/', '.');
        simple = dotted.substring(dotted.lastIndexOf('.') + 1);
        int slash = cn.name.lastIndexOf('/');
        String dir = slash < 0 ? "" : cn.name.substring(0, slash + 1);
        String src = cn.sourceFile;
        if (src == null) {
            int dollar = simple.indexOf('$');
            src = (dollar > 0 ? simple.substring(0, dollar) : simple) + ".java";
        }
        path = dir + src;
        boolean changed = false;
        for (MethodNode m : new ArrayList<>(cn.methods)) {
            if ((m.access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0 || skip.contains(m.name + m.desc)) {
                continue;
            }
            changed |= method(m);
        }
        if (!changed) {
            return null;
        }
        cn.methods.addAll(trampolines.methods());
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cn.accept(cw);
        return cw.toByteArray();
    }

    // ---- one method

    private MethodNode m;
    private int line;
    private int tmp; // first free local, for the values of wide and array stores
    private boolean replaced; // a call was replaced (which leaves the instruction count as it was)

    private String loc() {
        return simple + "." + m.name + "(" + path + (line > 0 ? ":" + line : "") + ")";
    }

    private int site(int kind, String name, String owner, char type, boolean vol, int call, String sig, boolean target) {
        return Site.add(new Site(kind, loc(), name, owner == null ? null : owner.replace('/', '.'), type, vol, call, sig,
                target));
    }

    private boolean method(MethodNode mn) {
        m = mn;
        line = 0;
        tmp = m.maxLocals;
        replaced = false;
        InsnList insns = m.instructions;
        int before = insns.size();
        boolean ctor = m.name.equals("<init>");
        boolean beforeSuper = ctor; // this is uninitialised until the super (or this) constructor call
        int news = 0;
        for (AbstractInsnNode in : insns.toArray()) {
            if (in instanceof LineNumberNode) {
                line = ((LineNumberNode) in).line;
                continue;
            }
            int op = in.getOpcode();
            switch (op) {
                case Opcodes.NEW:
                    news++;
                    break;
                case Opcodes.GETFIELD:
                case Opcodes.PUTFIELD:
                    if (!beforeSuper) {
                        field((FieldInsnNode) in);
                    }
                    break;
                case Opcodes.GETSTATIC:
                case Opcodes.PUTSTATIC:
                    field((FieldInsnNode) in);
                    break;
                case Opcodes.IALOAD: case Opcodes.LALOAD: case Opcodes.FALOAD: case Opcodes.DALOAD:
                case Opcodes.AALOAD: case Opcodes.BALOAD: case Opcodes.CALOAD: case Opcodes.SALOAD:
                    arrayLoad(in);
                    break;
                case Opcodes.IASTORE: case Opcodes.LASTORE: case Opcodes.FASTORE: case Opcodes.DASTORE:
                case Opcodes.AASTORE: case Opcodes.BASTORE: case Opcodes.CASTORE: case Opcodes.SASTORE:
                    arrayStore(in);
                    break;
                case Opcodes.MONITORENTER: {
                    int s = site(Site.MONITOR, null, null, ' ', false, 0, null, false);
                    insns.insertBefore(in, new InsnNode(Opcodes.DUP));
                    InsnList after = new InsnList();
                    after.add(new LdcInsnNode(s));
                    after.add(rt("acq", "(Ljava/lang/Object;I)V"));
                    insns.insert(in, after);
                    break;
                }
                case Opcodes.MONITOREXIT: {
                    int s = site(Site.MONITOR, null, null, ' ', false, 0, null, false);
                    InsnList pre = new InsnList();
                    pre.add(new InsnNode(Opcodes.DUP));
                    pre.add(new LdcInsnNode(s));
                    pre.add(rt("rel", "(Ljava/lang/Object;I)V"));
                    insns.insertBefore(in, pre);
                    break;
                }
                case Opcodes.INVOKESPECIAL:
                    if (beforeSuper && ((MethodInsnNode) in).name.equals("<init>")) {
                        if (news == 0) {
                            beforeSuper = false;
                        } else {
                            news--;
                        }
                    }
                    break;
                case Opcodes.INVOKEVIRTUAL:
                case Opcodes.INVOKEINTERFACE:
                case Opcodes.INVOKESTATIC:
                    call((MethodInsnNode) in);
                    break;
                case Opcodes.IFEQ: case Opcodes.IFNE: case Opcodes.IFLT: case Opcodes.IFGE: case Opcodes.IFGT:
                case Opcodes.IFLE: case Opcodes.IF_ICMPEQ: case Opcodes.IF_ICMPNE: case Opcodes.IF_ICMPLT:
                case Opcodes.IF_ICMPGE: case Opcodes.IF_ICMPGT: case Opcodes.IF_ICMPLE: case Opcodes.IF_ACMPEQ:
                case Opcodes.IF_ACMPNE: case Opcodes.IFNULL: case Opcodes.IFNONNULL:
                case Opcodes.TABLESWITCH: case Opcodes.LOOKUPSWITCH:
                    if (config.branches) {
                        InsnList pre = new InsnList();
                        pre.add(new LdcInsnNode(site(Site.BRANCH, null, null, ' ', false, 0, null, false)));
                        pre.add(rt("branch", "(I)V"));
                        insns.insertBefore(in, pre);
                    }
                    break;
                case Opcodes.IRETURN: case Opcodes.LRETURN: case Opcodes.FRETURN: case Opcodes.DRETURN:
                case Opcodes.ARETURN: case Opcodes.RETURN:
                    if (m.name.equals("<clinit>")) {
                        InsnList pre = new InsnList();
                        pre.add(new LdcInsnNode(site(Site.CLINIT, null, cn.name, ' ', false, 0, null, false)));
                        pre.add(rt("clinit", "(I)V"));
                        insns.insertBefore(in, pre);
                    }
                    break;
                default:
            }
        }
        region(ctor);
        return replaced || insns.size() != before;
    }

    private static MethodInsnNode rt(String name, String desc) {
        return new MethodInsnNode(Opcodes.INVOKESTATIC, RT, name, desc, false);
    }

    /** The runtime method suffix of a value type: I J F D A. */
    private static char kind(Type t) {
        switch (t.getSort()) {
            case Type.LONG:
                return 'J';
            case Type.FLOAT:
                return 'F';
            case Type.DOUBLE:
                return 'D';
            case Type.OBJECT:
            case Type.ARRAY:
                return 'A';
            default:
                return 'I';
        }
    }

    private static String desc(char k) {
        return k == 'A' ? "Ljava/lang/Object;" : String.valueOf(k);
    }

    private void field(FieldInsnNode f) {
        Hierarchy.Member mem = h.field(f.owner, f.name, loader);
        if (mem != null && (mem.access & Opcodes.ACC_FINAL) != 0) {
            if (f.getOpcode() == Opcodes.GETSTATIC) {
                // Not recorded, but what it reads was set by the class's
                // initialiser (a switch map, a table): the access follows
                // it. After the instruction, which initialises the class.
                InsnList post = new InsnList();
                post.add(new LdcInsnNode(site(Site.STATIC, f.name, mem.owner, f.desc.charAt(0), false, 0, null, false)));
                post.add(rt("initialised", "(I)V"));
                m.instructions.insert(f, post);
            }
            return;
        }
        boolean vol = mem != null && (mem.access & Opcodes.ACC_VOLATILE) != 0;
        boolean isStatic = f.getOpcode() == Opcodes.GETSTATIC || f.getOpcode() == Opcodes.PUTSTATIC;
        String owner = isStatic && mem != null ? mem.owner : f.owner;
        Type t = Type.getType(f.desc);
        char k = kind(t);
        int s = site(isStatic ? Site.STATIC : Site.FIELD, f.name, owner, f.desc.charAt(0), vol, 0, null, false);
        boolean wide = t.getSize() == 2;
        InsnList insns = m.instructions;
        InsnList pre = new InsnList();
        InsnList post = new InsnList();
        switch (f.getOpcode()) {
            case Opcodes.GETFIELD: // [o] → [o o] → [o v] → [v o v] → [v]
                pre.add(new InsnNode(Opcodes.DUP));
                post.add(new InsnNode(wide ? Opcodes.DUP2_X1 : Opcodes.DUP_X1));
                post.add(new LdcInsnNode(s));
                post.add(rt("rd" + k, "(Ljava/lang/Object;" + desc(k) + "I)V"));
                break;
            case Opcodes.PUTFIELD:
                if (!wide) { // [o v] → [o v o v] → [o v]
                    pre.add(new InsnNode(Opcodes.DUP2));
                } else { // [o vv] → [o] → [o o vv] → [o] → [o vv]
                    pre.add(new VarInsnNode(t.getOpcode(Opcodes.ISTORE), tmp));
                    pre.add(new InsnNode(Opcodes.DUP));
                    pre.add(new VarInsnNode(t.getOpcode(Opcodes.ILOAD), tmp));
                }
                pre.add(new LdcInsnNode(s));
                pre.add(rt("wr" + k, "(Ljava/lang/Object;" + desc(k) + "I)V"));
                if (wide) {
                    pre.add(new VarInsnNode(t.getOpcode(Opcodes.ILOAD), tmp));
                }
                break;
            case Opcodes.GETSTATIC:
                post.add(new InsnNode(wide ? Opcodes.DUP2 : Opcodes.DUP));
                post.add(new LdcInsnNode(s));
                post.add(rt("sr" + k, "(" + desc(k) + "I)V"));
                break;
            default: // PUTSTATIC
                pre.add(new InsnNode(wide ? Opcodes.DUP2 : Opcodes.DUP));
                pre.add(new LdcInsnNode(s));
                pre.add(rt("sw" + k, "(" + desc(k) + "I)V"));
        }
        insns.insertBefore(f, pre);
        insns.insert(f, post);
    }

    private static Type elemType(int op) {
        switch (op) {
            case Opcodes.LALOAD: case Opcodes.LASTORE:
                return Type.LONG_TYPE;
            case Opcodes.FALOAD: case Opcodes.FASTORE:
                return Type.FLOAT_TYPE;
            case Opcodes.DALOAD: case Opcodes.DASTORE:
                return Type.DOUBLE_TYPE;
            case Opcodes.AALOAD: case Opcodes.AASTORE:
                return Type.getObjectType("java/lang/Object");
            default:
                return Type.INT_TYPE;
        }
    }

    private void arrayLoad(AbstractInsnNode in) {
        Type t = elemType(in.getOpcode());
        char k = kind(t);
        int s = site(Site.ARRAY, null, null, k, false, 0, null, false);
        m.instructions.insertBefore(in, new InsnNode(Opcodes.DUP2)); // [a i] → [a i a i]
        InsnList post = new InsnList(); // [a i v] → [v a i v] → [v]
        post.add(new InsnNode(t.getSize() == 2 ? Opcodes.DUP2_X2 : Opcodes.DUP_X2));
        post.add(new LdcInsnNode(s));
        post.add(rt("ar" + k, "(Ljava/lang/Object;I" + desc(k) + "I)V"));
        m.instructions.insert(in, post);
    }

    private void arrayStore(AbstractInsnNode in) {
        Type t = elemType(in.getOpcode());
        char k = kind(t);
        int s = site(Site.ARRAY, null, null, k, false, 0, null, false);
        InsnList pre = new InsnList(); // [a i v] → [a i] → [a i a i v] → [a i] → [a i v]
        pre.add(new VarInsnNode(t.getOpcode(Opcodes.ISTORE), tmp));
        pre.add(new InsnNode(Opcodes.DUP2));
        pre.add(new VarInsnNode(t.getOpcode(Opcodes.ILOAD), tmp));
        pre.add(new LdcInsnNode(s));
        pre.add(rt("aw" + k, "(Ljava/lang/Object;I" + desc(k) + "I)V"));
        pre.add(new VarInsnNode(t.getOpcode(Opcodes.ILOAD), tmp));
        m.instructions.insertBefore(in, pre);
    }

    private void call(MethodInsnNode mi) {
        boolean isStatic = mi.getOpcode() == Opcodes.INVOKESTATIC;
        if (mi.owner.startsWith("[") || mi.owner.startsWith("gpredict/")) {
            return;
        }
        int c = classify.call(mi.owner, mi.name, mi.desc, isStatic, loader);
        if (!calls.isEmpty() && calls.matches(mi.owner, mi.name, mi.desc, loader)) {
            c |= Calls.PROP;
        }
        if ((c & Calls.MONITOR) != 0 && !atomic.isEmpty() && atomic.matches(mi.owner, mi.name, mi.desc, loader)) {
            c |= Calls.ATOMIC; // a JDK method, whose body is not instrumented
        }
        if (c == 0 || !trampolines.possible(mi, h, loader)) {
            return;
        }
        String sig = Type.getReturnType(mi.desc).getClassName() + " " + mi.owner.replace('/', '.') + "." + mi.name
                + "(" + params(mi.desc) + ")";
        int s = site(Site.CALL, mi.name, mi.owner, ' ', false, c, sig, !isStatic);
        m.instructions.set(mi, trampolines.add(mi, c, s));
        replaced = true;
    }

    private static String params(String desc) {
        StringBuilder b = new StringBuilder();
        for (Type t : Type.getArgumentTypes(desc)) {
            if (b.length() > 0) {
                b.append(',');
            }
            b.append(t.getClassName());
        }
        return b.toString();
    }

    // ---- synchronized and atomic methods

    /**
     * A synchronized method acquires its monitor (this, or the class) at
     * entry and releases it at every return and, through a catch-all
     * handler added at the end, when an exception leaves it. An --atomic
     * method is an atomic region the same way.
     */
    private void region(boolean ctor) {
        boolean sync = (m.access & Opcodes.ACC_SYNCHRONIZED) != 0;
        boolean atom = !ctor && !atomic.isEmpty() && !m.name.equals("<clinit>") && atomic.matches(cn.name, m.name, m.desc, loader);
        if (!sync && !atom) {
            return;
        }
        boolean isStatic = (m.access & Opcodes.ACC_STATIC) != 0;
        if (!isStatic && writesLocal0()) {
            Warnings.add("method " + cn.name.replace('/', '.') + "." + m.name
                    + " writes its local 0: its monitor (atomic region) is not recorded");
            return;
        }
        if (sync && isStatic && (cn.version & 0xffff) < Opcodes.V1_5) {
            return; // no class constants before Java 5
        }
        line = firstLine();
        int s = site(Site.MONITOR, null, null, ' ', false, 0, null, false);
        InsnList pro = new InsnList();
        if (sync) {
            pro.add(lockObject(isStatic));
            pro.add(new LdcInsnNode(s));
            pro.add(rt("acq", "(Ljava/lang/Object;I)V"));
        }
        if (atom) {
            pro.add(new LdcInsnNode(s));
            pro.add(rt("atomicEnter", "(I)V"));
        }
        LabelNode start = new LabelNode();
        pro.add(start);
        m.instructions.insert(pro);
        for (AbstractInsnNode in : m.instructions.toArray()) {
            int op = in.getOpcode();
            if (op >= Opcodes.IRETURN && op <= Opcodes.RETURN) {
                m.instructions.insertBefore(in, epilogue(sync, atom, isStatic, s));
            }
        }
        LabelNode end = new LabelNode();
        LabelNode handler = new LabelNode();
        InsnList tail = new InsnList();
        tail.add(end);
        tail.add(handler);
        if (frames) {
            Object[] locals = isStatic ? new Object[0] : new Object[] {cn.name};
            tail.add(new FrameNode(Opcodes.F_FULL, locals.length, locals, 1, new Object[] {"java/lang/Throwable"}));
        }
        tail.add(epilogue(sync, atom, isStatic, s));
        tail.add(new InsnNode(Opcodes.ATHROW));
        m.instructions.add(tail);
        m.tryCatchBlocks.add(new TryCatchBlockNode(start, end, handler, null));
    }

    private InsnList epilogue(boolean sync, boolean atom, boolean isStatic, int s) {
        InsnList e = new InsnList();
        if (atom) {
            e.add(new LdcInsnNode(s));
            e.add(rt("atomicExit", "(I)V"));
        }
        if (sync) {
            e.add(lockObject(isStatic));
            e.add(new LdcInsnNode(s));
            e.add(rt("rel", "(Ljava/lang/Object;I)V"));
        }
        return e;
    }

    private AbstractInsnNode lockObject(boolean isStatic) {
        return isStatic ? new LdcInsnNode(Type.getObjectType(cn.name)) : new VarInsnNode(Opcodes.ALOAD, 0);
    }

    private int firstLine() {
        for (AbstractInsnNode in = m.instructions.getFirst(); in != null; in = in.getNext()) {
            if (in instanceof LineNumberNode) {
                return ((LineNumberNode) in).line;
            }
        }
        return 0;
    }

    /** Whether the method stores into local 0 (javac never does; other compilers may). */
    private boolean writesLocal0() {
        for (AbstractInsnNode in = m.instructions.getFirst(); in != null; in = in.getNext()) {
            if (in instanceof VarInsnNode && ((VarInsnNode) in).var == 0 && in.getOpcode() >= Opcodes.ISTORE
                    && in.getOpcode() <= Opcodes.ASTORE) {
                return true;
            }
            if (in instanceof IincInsnNode && ((IincInsnNode) in).var == 0) {
                return true;
            }
        }
        return false;
    }
}
